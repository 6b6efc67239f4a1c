// board.js: draws a board from a state of the API (any game: the layout
// says where each pit is) and animates a move from its events.

const SVG = 'http://www.w3.org/2000/svg';
const MAX_DOTS = 24;

// dot positions for n seeds: a sunflower spiral inside a 100 x 100 box.
function dots(n) {
  const k = Math.min(n, MAX_DOTS);
  const r = k <= 4 ? 12 : k <= 9 ? 10 : k <= 16 ? 8.5 : 7.5;
  const spread = k <= 1 ? 0 : (46 - r) / Math.sqrt(k - 0.5);
  const out = [];
  for (let i = 0; i < k; i++) {
    const a = i * 2.39996;
    const d = spread * Math.sqrt(i + 0.5);
    out.push([50 + d * Math.cos(a), 50 + d * Math.sin(a), r]);
  }
  return out;
}

function plural(n, word) {
  return n + ' ' + word + (n === 1 ? '' : 's');
}

const sleep = (ms) => new Promise((res) => setTimeout(res, ms));

export class Board {
  // root is the board element, hand the floating hand token; onPit(name)
  // is called when a pit is clicked.
  constructor(root, hand, onPit) {
    this.root = root;
    this.wrap = root.parentElement;
    this.hand = hand;
    this.onPit = onPit;
    this.key = '';
    this.pits = new Map(); // name -> button
    this.places = new Map(); // "store:S", "reserve:N", "hand:S" -> counter
    this.skipping = false;
    this.animating = false;
  }

  // build makes the DOM for the layout of state (once per game and board).
  build(state) {
    const L = state.layout;
    const key = state.game + '/' + L.rows + 'x' + L.files;
    if (key === this.key) return;
    this.key = key;
    this.root.textContent = '';
    this.pits.clear();
    this.places.clear();
    this.root.style.setProperty('--files', L.files);
    this.root.dataset.game = state.game;
    const words = state.words;
    const counters = (side) => {
      const bar = document.createElement('div');
      bar.className = 'counters ' + (side === 'S' ? 'south' : 'north');
      const who = side === 'S' ? 'South' : 'North';
      const add = (place, label) => {
        const c = document.createElement('div');
        c.className = 'counter ' + side;
        c.dataset.place = place;
        c.innerHTML = '<span class="label"></span><span class="n">0</span>';
        c.querySelector('.label').textContent = label;
        bar.appendChild(c);
        this.places.set(place, c);
        return c;
      };
      if (L.stores.length) add('store:' + side, who + "'s " + (words.store || 'store'));
      if (L.reserves.length) add('reserve:' + side, who + "'s " + (words.reserve || 'reserve'));
      const h = add('hand:' + side, who + "'s hand");
      h.hidden = true;
      return bar;
    };
    this.root.appendChild(counters('N'));
    const grid = document.createElement('div');
    grid.className = 'grid';
    // Where each row's seeds travel, for the row labels' arrows.
    const arrow = new Map();
    for (const side of ['S', 'N']) {
      const c = L.circuits[side];
      const at = new Map(L.pits.map((p) => [p.name, p]));
      for (let i = 0; i + 1 < c.length; i++) {
        const a = at.get(c[i]), b = at.get(c[i + 1]);
        if (a.row === b.row) arrow.set(a.row, b.file > a.file ? '→' : '←');
      }
    }
    const byPos = new Map(L.pits.map((p) => [p.row + ':' + p.file, p]));
    for (let row = L.rows - 1; row >= 0; row--) {
      if (L.rows === 4 && row === 1) {
        const line = document.createElement('div');
        line.className = 'half-line';
        grid.appendChild(line);
      }
      const label = document.createElement('div');
      label.className = 'row-label';
      label.textContent = String.fromCharCode(97 + row);
      label.title = 'row ' + label.textContent + (arrow.has(row) ? ', sown ' + (arrow.get(row) === '→' ? 'left to right' : 'right to left') : '');
      if (arrow.has(row)) label.append(document.createElement('br'), arrow.get(row));
      grid.appendChild(label);
      for (let file = 1; file <= L.files; file++) {
        const p = byPos.get(row + ':' + file);
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'pit own-' + p.owner;
        b.dataset.name = p.name;
        b.dataset.index = p.index;
        const svg = document.createElementNS(SVG, 'svg');
        svg.setAttribute('class', 'seeds');
        svg.setAttribute('viewBox', '0 0 100 100');
        svg.setAttribute('aria-hidden', 'true');
        b.appendChild(svg);
        for (const [cls, text] of [['count', '0'], ['name', p.name], ['nki', 'nki']]) {
          const s = document.createElement('span');
          s.className = cls;
          s.textContent = text;
          s.setAttribute('aria-hidden', 'true');
          b.appendChild(s);
        }
        b.querySelector('.nki').hidden = true;
        b.addEventListener('click', () => this.onPit(p.name));
        this.pits.set(p.name, b);
        grid.appendChild(b);
      }
    }
    const blank = document.createElement('div');
    grid.appendChild(blank);
    for (let file = 1; file <= L.files; file++) {
      const f = document.createElement('div');
      f.className = 'file-label';
      f.textContent = file;
      grid.appendChild(f);
    }
    this.root.appendChild(grid);
    this.root.appendChild(counters('S'));
  }

  setPit(name, seeds, nki) {
    const b = this.pits.get(name);
    if (!b) return;
    if (b.dataset.seeds !== String(seeds)) {
      b.dataset.seeds = seeds;
      b.querySelector('.count').textContent = seeds;
      const svg = b.querySelector('svg');
      svg.textContent = '';
      for (const [x, y, r] of dots(seeds)) {
        const c = document.createElementNS(SVG, 'circle');
        c.setAttribute('cx', x.toFixed(1));
        c.setAttribute('cy', y.toFixed(1));
        c.setAttribute('r', r);
        svg.appendChild(c);
      }
    }
    if (nki !== undefined) {
      b.dataset.nki = nki ? '1' : '0';
      b.querySelector('.nki').hidden = !nki;
    }
  }

  setCounter(place, n) {
    const c = this.places.get(place);
    if (!c) return;
    c.dataset.n = n;
    c.querySelector('.n').textContent = n;
  }

  // render draws state exactly; opts: playable, changed, from, hinted and
  // selected pit names (Sets or names), busy.
  render(state, opts = {}) {
    this.build(state);
    this.root.dataset.position = state.position;
    const word = state.words.seed;
    const playable = opts.playable || new Set();
    const changed = opts.changed || new Set();
    for (const p of state.pits) {
      this.setPit(p.name, p.seeds, p.nki);
      const b = this.pits.get(p.name);
      b.classList.toggle('playable', playable.has(p.name));
      b.classList.toggle('changed', changed.has(p.name));
      b.classList.toggle('from', opts.from === p.name);
      b.classList.toggle('hinted', opts.hinted === p.name);
      b.classList.toggle('selected', opts.selected === p.name);
      const owner = p.owner === 'S' ? 'South' : 'North';
      let label = p.name + ': ' + plural(p.seeds, word) + (p.nki ? ', nki (protected)' : '') + ", " + owner + "'s pit";
      if (playable.has(p.name)) label += ', playable';
      if (changed.has(p.name)) label += ', changed by the last move';
      b.setAttribute('aria-label', label);
    }
    if (state.stores) {
      this.setCounter('store:S', state.stores.S);
      this.setCounter('store:N', state.stores.N);
    }
    if (state.reserves) {
      this.setCounter('reserve:S', state.reserves.S);
      this.setCounter('reserve:N', state.reserves.N);
    }
    for (const side of ['S', 'N']) {
      const h = this.places.get('hand:' + side);
      const show = state.hand > 0 && state.toMove === side;
      h.hidden = !show;
      this.setCounter('hand:' + side, show ? state.hand : 0);
    }
    this.root.classList.toggle('busy', !!opts.busy);
  }

  // center returns the middle of an element in the wrapper's coordinates.
  center(el) {
    const w = this.wrap.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    return [r.left - w.left + r.width / 2, r.top - w.top + r.height / 2];
  }

  placeEl(place, mover) {
    if (this.pits.has(place)) return this.pits.get(place);
    if (place === 'hand') return this.places.get('hand:' + mover);
    return this.places.get(place);
  }

  // moveHand puts the hand token just above el, so that el's count
  // stays readable.
  moveHand(el, n) {
    const [x, cy] = this.center(el);
    const y = cy - el.getBoundingClientRect().height * 0.42;
    this.hand.hidden = false;
    this.hand.style.transform = 'translate(' + x + 'px,' + y + 'px)';
    this.hand.querySelector('.hand-count').textContent = n;
  }

  fly(fromEl, toEl, n, cls, ms) {
    if (!fromEl || !toEl) return;
    const f = document.createElement('div');
    f.className = 'flyer ' + (cls || '');
    f.textContent = n;
    const [x0, y0] = this.center(fromEl);
    const [x1, y1] = this.center(toEl);
    f.style.transform = 'translate(' + x0 + 'px,' + y0 + 'px)';
    this.wrap.appendChild(f);
    f.getBoundingClientRect(); // start the transition from here
    f.style.transform = 'translate(' + x1 + 'px,' + y1 + 'px)';
    setTimeout(() => f.remove(), ms + 50);
  }

  pulse(el, cls = 'pulse') {
    if (!el) return;
    el.classList.remove(cls);
    void el.offsetWidth;
    el.classList.add(cls);
  }

  skip() {
    if (this.animating) this.skipping = true;
  }

  // snapshot reads what the board shows: each pit's seeds and nki mark,
  // and the counters (stores, reserves).
  snapshot() {
    const pits = {};
    for (const [name, b] of this.pits) pits[name] = { seeds: Number(b.dataset.seeds), nki: b.dataset.nki === '1' };
    const counters = {};
    for (const [place, c] of this.places) if (!place.startsWith('hand:')) counters[place] = Number(c.dataset.n);
    return { pits, counters };
  }

  // animate plays the events of an apply answer (resp) on the board as
  // drawn for state before, stepMs per seed, then draws resp.after
  // exactly. It returns whether every event was shown: a long move (more
  // than maxShown events), or a call of skip, jumps to the end.
  async animate(before, resp, stepMs, maxShown) {
    const events = resp.events;
    if (stepMs <= 0 || events.length <= 1) return false;
    this.animating = true;
    this.skipping = false;
    this.root.style.setProperty('--step', stepMs + 'ms');
    this.wrap.style.setProperty('--step', stepMs + 'ms');
    const seeds = new Map(before.pits.map((p) => [p.name, p.seeds]));
    const counts = new Map();
    if (before.stores) { counts.set('store:S', before.stores.S); counts.set('store:N', before.stores.N); }
    if (before.reserves) { counts.set('reserve:S', before.reserves.S); counts.set('reserve:N', before.reserves.N); }
    let hand = before.hand;
    const mover = before.toMove;
    const get = (pl) => (seeds.has(pl) ? seeds.get(pl) : pl === 'hand' ? hand : counts.get(pl) || 0);
    const set = (pl, n) => {
      if (seeds.has(pl)) { seeds.set(pl, n); this.setPit(pl, n); }
      else if (pl === 'hand') { hand = n; }
      else { counts.set(pl, n); this.setCounter(pl, n); this.pulse(this.places.get(pl), 'bump'); }
    };
    for (const b of this.pits.values()) b.classList.remove('playable', 'changed', 'from', 'hinted', 'selected');
    let shown = 0;
    try {
      for (const e of events) {
        if (this.skipping || shown >= maxShown) break;
        if (e.kind === 'end') { shown++; break; }
        shown++;
        const fromEl = this.placeEl(e.from, mover), toEl = this.placeEl(e.to, mover);
        switch (e.kind) {
          case 'lift':
          case 'relay':
          case 'drop':
            set(e.from, get(e.from) - e.count);
            set(e.to, get(e.to) + e.count);
            this.moveHand(e.kind === 'drop' ? toEl : fromEl, hand);
            this.pulse(e.kind === 'drop' ? toEl : fromEl);
            await sleep(stepMs);
            break;
          case 'capture':
          case 'sweep':
          case 'reserve':
            this.pulse(fromEl, e.kind === 'reserve' ? 'bump' : 'taken');
            if (e.to === 'hand') {
              set(e.from, get(e.from) - e.count);
              set('hand', hand + e.count);
              this.moveHand(fromEl, hand);
            } else {
              this.fly(fromEl, toEl, e.count, e.kind === 'reserve' ? '' : 'capture', stepMs * 2);
              await sleep(stepMs);
              set(e.from, get(e.from) - e.count);
              set(e.to, get(e.to) + e.count);
              this.pulse(toEl);
            }
            await sleep(stepMs * 1.5);
            break;
          case 'nkiset':
          case 'nkiclear':
            this.setPit(e.from, get(e.from), e.kind === 'nkiset');
            this.pulse(fromEl);
            await sleep(stepMs / 3);
            break;
          case 'end':
            break;
        }
      }
    } finally {
      this.hand.hidden = true;
      this.animating = false;
      this.skipping = false;
    }
    return shown === events.length && !resp.truncated;
  }
}
