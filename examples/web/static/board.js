// @ts-check
// board.js: draws a board from a state of the API (any game: the layout
// says where each pit is), animates a move from its events, and lets the
// keyboard play: the board is one Tab stop (a roving tabindex), the arrow
// keys move among the pits that can be played, Enter or Space plays.

import { SHAPES } from './games.js';

/**
 * @typedef {import('./mancala.js').State} State
 * @typedef {import('./mancala.js').ApplyResponse} ApplyResponse
 * @typedef {{playable?: Set<string>, nav?: string[], changed?: Set<string>, from?: string, to?: string,
 *   captured?: Set<string>, hinted?: string|null,
 *   selected?: string|null, chosen?: Set<string>, placed?: Map<string, number>, busy?: boolean, best?: string|null}} DrawOptions
 */

const SVG = 'http://www.w3.org/2000/svg';
const MAX_DOTS = 24;

/**
 * dot positions for n seeds: a sunflower spiral inside a 100 x 100 box.
 * @param {number} n
 */
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

/** @param {number} n @param {string} word */
function plural(n, word) {
  return n + ' ' + word + (n === 1 ? '' : 's');
}

const sleep = (/** @type {number} */ ms) => new Promise((res) => setTimeout(res, ms));

/** How long each kind of event is shown, in steps of the speed. */
const WEIGHT = { lift: 1, relay: 1, drop: 1, capture: 2.5, sweep: 2.5, reserve: 2.5, nkiset: 1 / 3, nkiclear: 1 / 3, end: 0 };

/**
 * plan returns the time per step (ms) for a move's events so that the
 * whole move takes at most budget ms: a move of many steps is sped up.
 * @param {{kind: string}[]} events @param {number} stepMs @param {number} budget
 * @returns {{step: number, total: number}}
 */
export function plan(events, stepMs, budget) {
  let w = 0;
  for (const e of events) w += WEIGHT[/** @type {keyof WEIGHT} */ (e.kind)] ?? 1;
  const step = w > 0 ? Math.min(stepMs, budget / w) : stepMs;
  return { step, total: step * w };
}

export class Board {
  /**
   * @param {HTMLElement} root the board element
   * @param {(name: string) => void} onPit called when a pit is played (click, Enter, Space)
   * @param {(name: string) => void} [onTakeBack] called on Backspace or Delete on a pit
   */
  constructor(root, onPit, onTakeBack) {
    this.root = root;
    this.onPit = onPit;
    /** Called with each event's kind as the animation shows it (sound). */
    /** @type {(kind: string) => void} */
    this.onStep = () => {};
    /** Whether North's side is drawn at the bottom (the board turned round). */
    this.flipped = false;
    /** The clock (ms) and the wait the animation uses: a test may give its own. */
    this.now = () => performance.now();
    this.sleep = sleep;
    this.onTakeBack = onTakeBack || (() => {});
    this.key = '';
    /** @type {Map<string, HTMLButtonElement>} */
    this.pits = new Map();
    /** @type {Map<string, HTMLElement>} "store:S", "reserve:N", "hand:S" -> counter */
    this.places = new Map();
    /** @type {Map<string, {row: number, file: number}>} */
    this.at = new Map();
    /** @type {string[]} the pits the arrow keys visit */
    this.nav = [];
    this.focusName = '';
    this.skipping = false;
    this.animating = false;
    root.addEventListener('keydown', (e) => this.key_(e));
    root.addEventListener('focusin', (e) => {
      const b = /** @type {HTMLElement} */ (e.target).closest('.pit');
      if (b instanceof HTMLElement && b.dataset.name) this.focusName = b.dataset.name;
    });
  }

  /**
   * build makes the DOM for the layout of state (once per game and board).
   * @param {State} state
   */
  build(state) {
    const L = state.layout;
    const key = state.game + '/' + L.rows + 'x' + L.files + (this.flipped ? '/flipped' : '');
    const flip = this.flipped;
    if (key === this.key) return;
    this.key = key;
    this.root.textContent = '';
    this.pits.clear();
    this.places.clear();
    this.at.clear();
    this.focusName = '';
    this.root.style.setProperty('--files', String(L.files));
    this.root.style.setProperty('--rows', String(L.rows));
    this.root.dataset.game = state.game;
    const words = state.words;
    const counters = (/** @type {'S'|'N'} */ side) => {
      const bar = document.createElement('div');
      bar.className = 'counters ' + (side === 'S' ? 'south' : 'north');
      const who = side === 'S' ? 'South' : 'North';
      const add = (/** @type {string} */ place, /** @type {string} */ label) => {
        const c = document.createElement('div');
        c.className = 'counter ' + side;
        c.dataset.place = place;
        c.innerHTML = '<span class="label"></span><span class="n">0</span>';
        /** @type {HTMLElement} */ (c.querySelector('.label')).textContent = label;
        bar.appendChild(c);
        this.places.set(place, c);
        return c;
      };
      if (L.stores.length) add('store:' + side, who + "'s " + (words.store || 'store'));
      if (L.reserves.length) add('reserve:' + side, who + "'s " + (words.reserve || 'reserve'));
      const h = add('hand:' + side, who + "'s hand");
      h.classList.add('hand-counter');
      h.hidden = true;
      return bar;
    };
    this.root.dataset.flipped = flip ? '1' : '0';
    this.root.appendChild(counters(flip ? 'S' : 'N'));
    const grid = document.createElement('div');
    grid.className = 'grid';
    grid.setAttribute('role', 'group');
    grid.setAttribute('aria-label', 'Pits (arrow keys move between the pits you can play; Enter plays)');
    // Where each row's seeds travel, for the row labels' arrows.
    const arrow = new Map();
    const at = new Map(L.pits.map((p) => [p.name, p]));
    for (const side of /** @type {('S'|'N')[]} */ (['S', 'N'])) {
      const c = L.circuits[side];
      for (let i = 0; i + 1 < c.length; i++) {
        const a = at.get(c[i]), b = at.get(c[i + 1]);
        if (a && b && a.row === b.row) arrow.set(a.row, (b.file > a.file) !== flip ? '→' : '←');
      }
    }
    const byPos = new Map(L.pits.map((p) => [p.row + ':' + p.file, p]));
    // Top to bottom and left to right as the player at the bottom sees
    // the board: South's rows at the bottom, or North's when flipped.
    const rows = [...Array(L.rows).keys()].reverse();
    const files = [...Array(L.files).keys()].map((i) => i + 1);
    if (flip) { rows.reverse(); files.reverse(); }
    for (const row of rows) {
      if (L.rows === 4 && row === (flip ? 2 : 1)) {
        const line = document.createElement('div');
        line.className = 'half-line';
        grid.appendChild(line);
      }
      const label = document.createElement('div');
      label.className = 'row-label';
      const letter = String.fromCharCode(97 + row);
      label.textContent = letter;
      label.title = 'row ' + letter + (arrow.has(row) ? ', sown ' + (arrow.get(row) === '→' ? 'left to right' : 'right to left') : '');
      if (arrow.has(row)) label.append(document.createElement('br'), arrow.get(row));
      grid.appendChild(label);
      for (const file of files) {
        const p = byPos.get(row + ':' + file);
        if (!p) continue; // every layout fills its grid; a hole stays empty
        const b = document.createElement('button');
        b.type = 'button';
        b.tabIndex = -1;
        b.className = 'pit own-' + p.owner;
        b.dataset.name = p.name;
        b.dataset.index = String(p.index);
        const svg = document.createElementNS(SVG, 'svg');
        svg.setAttribute('class', 'seeds');
        svg.setAttribute('viewBox', '0 0 100 100');
        svg.setAttribute('aria-hidden', 'true');
        b.appendChild(svg);
        for (const cls of ['count', 'nki', 'mark-a', 'mark-b']) {
          const s = document.createElement('span');
          s.className = cls;
          s.setAttribute('aria-hidden', 'true');
          if (cls === 'count') s.textContent = '0';
          b.appendChild(s);
        }
        /** @type {HTMLElement} */ (b.querySelector('.nki')).hidden = true;
        b.addEventListener('click', () => this.onPit(p.name));
        this.pits.set(p.name, b);
        this.at.set(p.name, { row: p.row, file: p.file });
        grid.appendChild(b);
      }
    }
    grid.appendChild(document.createElement('div'));
    for (const file of files) {
      const f = document.createElement('div');
      f.className = 'file-label';
      f.textContent = String(file);
      f.setAttribute('aria-hidden', 'true');
      grid.appendChild(f);
    }
    this.root.appendChild(grid);
    this.root.appendChild(counters(flip ? 'N' : 'S'));
  }

  /** @param {string} name @param {number} seeds @param {boolean} [nki] */
  setPit(name, seeds, nki) {
    const b = this.pits.get(name);
    if (!b) return;
    if (b.dataset.seeds !== String(seeds)) {
      b.dataset.seeds = String(seeds);
      /** @type {HTMLElement} */ (b.querySelector('.count')).textContent = String(seeds);
      const svg = /** @type {SVGElement} */ (b.querySelector('svg'));
      svg.textContent = '';
      for (const [x, y, r] of dots(seeds)) {
        const c = document.createElementNS(SVG, 'circle');
        c.setAttribute('cx', x.toFixed(1));
        c.setAttribute('cy', y.toFixed(1));
        c.setAttribute('r', String(r));
        svg.appendChild(c);
      }
    }
    if (nki !== undefined) {
      b.dataset.nki = nki ? '1' : '0';
      /** @type {HTMLElement} */ (b.querySelector('.nki')).hidden = !nki;
    }
  }

  /** @param {string} place @param {number} n */
  setCounter(place, n) {
    const c = this.places.get(place);
    if (!c) return;
    c.dataset.n = String(n);
    /** @type {HTMLElement} */ (c.querySelector('.n')).textContent = String(n);
  }

  /**
   * setHand shows the mover's hand: its counter, hidden when empty.
   * @param {'S'|'N'} mover @param {number} n
   */
  setHand(mover, n) {
    for (const side of ['S', 'N']) {
      const h = this.places.get('hand:' + side);
      if (!h) continue;
      const show = n > 0 && side === mover;
      h.hidden = !show;
      if (show) this.setCounter('hand:' + side, n);
    }
  }

  /**
   * placeholder draws an inert board of a game's shape (games.js SHAPES) while the
   * rules load, so that the page keeps the board's space before the board
   * arrives (no layout shift); the first render replaces it.
   * @param {string} game
   */
  placeholder(game) {
    const sh = SHAPES[game] || SHAPES.kisolo;
    /** @type {any[]} */
    const pits = [];
    for (let row = 0; row < sh.rows; row++) {
      for (let file = 1; file <= sh.files; file++) {
        pits.push({ name: String.fromCharCode(97 + row) + file, row, file, owner: row < sh.rows / 2 ? 'S' : 'N', index: pits.length });
      }
    }
    const layout = { rows: sh.rows, files: sh.files, pits, circuits: { S: [], N: [] }, stores: sh.stores ? [0, 1] : [], reserves: sh.reserves ? [0, 1] : [] };
    this.build(/** @type {any} */ ({ game, layout, words: { store: sh.stores, reserve: sh.reserves } }));
    this.key = 'placeholder';
    this.root.inert = true;
    this.root.dataset.placeholder = game;
  }

  /**
   * render draws state exactly, with the marks of opts.
   * @param {State} state @param {DrawOptions} [opts]
   */
  render(state, opts = {}) {
    if (this.root.inert) {
      this.root.inert = false;
      delete this.root.dataset.placeholder;
    }
    this.build(state);
    this.root.dataset.position = state.position;
    const word = state.words.seed;
    const playable = opts.playable || new Set();
    const changed = opts.changed || new Set();
    const captured = opts.captured || new Set();
    const chosen = opts.chosen || new Set();
    const placed = opts.placed || new Map();
    for (const p of state.pits) {
      const extra = placed.get(p.name) || 0;
      this.setPit(p.name, p.seeds + extra, p.nki);
      const b = /** @type {HTMLButtonElement} */ (this.pits.get(p.name));
      b.classList.toggle('playable', playable.has(p.name));
      b.classList.toggle('changed', changed.has(p.name));
      b.classList.toggle('from', opts.from === p.name);
      b.classList.toggle('to', opts.to === p.name && !captured.has(p.name));
      b.classList.toggle('captured', captured.has(p.name));
      b.classList.toggle('hinted', opts.hinted === p.name);
      b.classList.toggle('selected', opts.selected === p.name || chosen.has(p.name));
      b.classList.toggle('placed', extra > 0);
      b.classList.toggle('best', opts.best === p.name);
      b.classList.remove('sowing');
      const owner = p.owner === 'S' ? 'South' : 'North';
      let label = p.name + ': ' + plural(p.seeds + extra, word) + (p.nki ? ', nki (protected)' : '') + ', ' + owner + "'s pit";
      if (extra) label += ', ' + extra + ' placed this turn';
      if (chosen.has(p.name)) label += ', chosen to empty';
      if (playable.has(p.name)) label += ', playable';
      if (opts.best === p.name) label += ', the analysis’s best move';
      if (opts.from === p.name) label += ', where the last move started';
      if (captured.has(p.name)) label += ', captured by the last move';
      else if (opts.to === p.name) label += ', where the last move ended';
      else if (changed.has(p.name)) label += ', changed by the last move';
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
    let sum = 0;
    for (const v of placed.values()) sum += v;
    this.setHand(state.toMove, state.hand - sum);
    this.root.classList.toggle('busy', !!opts.busy);
    this.setNav(opts.nav || [...playable]);
  }

  /**
   * setNav sets the pits the arrow keys visit (in reading order) and the
   * board's one Tab stop.
   * @param {string[]} names
   */
  setNav(names) {
    const order = (/** @type {string} */ n) => {
      const a = /** @type {{row: number, file: number}} */ (this.at.get(n));
      return this.flipped ? a.row * 100 - a.file : -a.row * 100 + a.file;
    };
    this.nav = names.filter((n) => this.at.has(n)).sort((a, b) => order(a) - order(b));
    let stop = this.nav.includes(this.focusName) ? this.focusName : this.nav[0];
    if (!stop) stop = this.pits.has(this.focusName) ? this.focusName : [...this.pits.keys()][0];
    for (const [name, b] of this.pits) b.tabIndex = name === stop ? 0 : -1;
  }

  /** focus puts the keyboard focus on the board's Tab stop. */
  focus() {
    for (const b of this.pits.values()) {
      if (b.tabIndex === 0) {
        b.focus();
        return;
      }
    }
  }

  /** @param {KeyboardEvent} e */
  key_(e) {
    const b = /** @type {HTMLElement} */ (e.target).closest('.pit');
    if (!(b instanceof HTMLElement) || !b.dataset.name) return;
    const name = b.dataset.name;
    if (e.key === 'Backspace' || e.key === 'Delete') {
      e.preventDefault();
      this.onTakeBack(name);
      return;
    }
    const list = this.nav.length ? this.nav : [...this.pits.keys()];
    if (!list.length) return;
    const i = list.indexOf(name);
    const here = /** @type {{row: number, file: number}} */ (this.at.get(name));
    /** @type {string|undefined} */
    let to;
    switch (e.key) {
      case 'ArrowRight': to = list[i < 0 ? 0 : (i + 1) % list.length]; break;
      case 'ArrowLeft': to = list[i < 0 ? list.length - 1 : (i - 1 + list.length) % list.length]; break;
      case 'Home': to = list[0]; break;
      case 'End': to = list[list.length - 1]; break;
      case 'ArrowUp':
      case 'ArrowDown': {
        const up = e.key === 'ArrowUp';
        let best = Infinity;
        for (const n of list) {
          const a = /** @type {{row: number, file: number}} */ (this.at.get(n));
          const dr = up ? a.row - here.row : here.row - a.row;
          if (dr <= 0) continue;
          const d = dr * 100 + Math.abs(a.file - here.file);
          if (d < best) { best = d; to = n; }
        }
        break;
      }
      default:
        return;
    }
    e.preventDefault();
    if (!to) return;
    this.focusName = to;
    for (const [n, p] of this.pits) p.tabIndex = n === to ? 0 : -1;
    /** @type {HTMLButtonElement} */ (this.pits.get(to)).focus();
  }

  skip() {
    if (this.animating) this.skipping = true;
  }

  /**
   * snapshot reads what the board shows: each pit's seeds and nki mark,
   * and the counters (stores, reserves).
   */
  snapshot() {
    /** @type {Record<string, {seeds: number, nki: boolean}>} */
    const pits = {};
    for (const [name, b] of this.pits) pits[name] = { seeds: Number(b.dataset.seeds), nki: b.dataset.nki === '1' };
    /** @type {Record<string, number>} */
    const counters = {};
    for (const [place, c] of this.places) if (!place.startsWith('hand:')) counters[place] = Number(c.dataset.n);
    return { pits, counters };
  }

  /** @param {HTMLElement|undefined} el @param {string} [cls] */
  pulse(el, cls = 'pulse') {
    if (!el) return;
    el.classList.remove(cls);
    void el.offsetWidth;
    el.classList.add(cls);
  }

  /**
   * animate plays the events of an apply answer on the board as drawn for
   * state before, then draws nothing more (the caller renders the state
   * after). Each step takes at most stepMs, and the whole move at most
   * budget ms (a long move is sped up), by the clock: a late animation
   * drops frames rather than overrun; skip() jumps to the end. It
   * returns whether every event was shown.
   * @param {State} before @param {ApplyResponse} resp @param {number} stepMs @param {number} budget
   */
  async animate(before, resp, stepMs, budget) {
    const events = resp.events;
    if (stepMs <= 0 || events.length <= 1) return false;
    const { step, total } = plan(events, stepMs, budget);
    document.body.dataset.animMs = String(Math.round(total));
    this.animating = true;
    this.skipping = false;
    this.root.style.setProperty('--step', Math.max(step, 16) + 'ms');
    const seeds = new Map(before.pits.map((p) => [p.name, p.seeds]));
    /** @type {Map<string, number>} */
    const counts = new Map();
    if (before.stores) { counts.set('store:S', before.stores.S); counts.set('store:N', before.stores.N); }
    if (before.reserves) { counts.set('reserve:S', before.reserves.S); counts.set('reserve:N', before.reserves.N); }
    let hand = before.hand;
    const mover = before.toMove;
    /** @type {HTMLElement|undefined} */
    let sowing;
    const mark = (/** @type {string} */ pl) => {
      const el = this.pits.get(pl);
      if (sowing && sowing !== el) sowing.classList.remove('sowing');
      if (el) el.classList.add('sowing');
      sowing = el;
    };
    const get = (/** @type {string} */ pl) => (seeds.has(pl) ? /** @type {number} */ (seeds.get(pl)) : pl === 'hand' ? hand : counts.get(pl) || 0);
    const set = (/** @type {string} */ pl, /** @type {number} */ n) => {
      if (seeds.has(pl)) { seeds.set(pl, n); this.setPit(pl, n); }
      else if (pl === 'hand') { hand = n; this.setHand(mover, hand); }
      else { counts.set(pl, n); this.setCounter(pl, n); this.pulse(this.places.get(pl), 'bump'); }
    };
    for (const b of this.pits.values()) b.classList.remove('playable', 'changed', 'from', 'to', 'captured', 'hinted', 'selected', 'placed');
    // Time-based: each event is due at its planned time from the start.
    // The animation waits only when it is ahead of the clock (and then at
    // least a frame), and when it is late (a busy CPU, a throttled tab) it
    // draws the events due without waiting, dropping frames; once the
    // move's time is spent it shows the rest at once. So a move takes its
    // planned time, at most budget, whatever the load.
    const t0 = this.now();
    let due = 0;
    let spent = false;
    const wait = async (/** @type {number} */ ms) => {
      due += ms;
      if (spent) return;
      const elapsed = this.now() - t0;
      if (elapsed >= total) {
        spent = true;
        return;
      }
      const ahead = Math.min(due, total) - elapsed;
      if (ahead >= 16) await this.sleep(ahead);
    };
    let shown = 0;
    try {
      for (const e of events) {
        if (this.skipping) break;
        shown++;
        if (e.kind === 'end') break;
        if (!spent) this.onStep(e.kind);
        switch (e.kind) {
          case 'lift':
          case 'relay':
          case 'drop':
            set(e.from, get(e.from) - e.count);
            set(e.to, get(e.to) + e.count);
            mark(e.kind === 'drop' ? e.to : e.from);
            this.pulse(this.pits.get(e.kind === 'drop' ? e.to : e.from));
            await wait(step);
            break;
          case 'capture':
          case 'sweep':
          case 'reserve':
            this.pulse(this.pits.get(e.from), e.kind === 'reserve' ? 'bump' : 'taken');
            await wait(step);
            set(e.from, get(e.from) - e.count);
            set(e.to, get(e.to) + e.count);
            if (e.to !== 'hand') this.pulse(this.pits.get(e.to) || this.places.get(e.to));
            else mark(e.from);
            await wait(step * 1.5);
            break;
          case 'nkiset':
          case 'nkiclear':
            this.setPit(e.from, get(e.from), e.kind === 'nkiset');
            this.pulse(this.pits.get(e.from));
            await wait(step / 3);
            break;
        }
      }
    } finally {
      document.body.dataset.animTookMs = String(Math.round(this.now() - t0));
      if (sowing) sowing.classList.remove('sowing');
      this.setHand(mover, 0);
      this.animating = false;
      this.skipping = false;
    }
    return shown === events.length && !resp.truncated;
  }
}
