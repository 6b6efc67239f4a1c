// @ts-check
// setup.js: the set-up form: the game, each side (a human or a computer
// level of the game, weakest first, with its rating and what it is), and
// the rule options. Starting a game is the form's one explicit action
// ("New game"); changing the form alone changes nothing on the board.
import { app, info, levelsOf } from './state.js';

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** @param {string} id */
const sel = (id) => /** @type {HTMLSelectElement} */ (document.getElementById(id));

/** fillSetup writes the form from app.setup. */
export function fillSetup() {
  const gs = sel('game-select');
  gs.textContent = '';
  for (const g of app.games) gs.add(new Option(g.title, g.name));
  gs.value = app.setup.game;
  fillSides(app.setup.game, app.setup.sides);
  fillOptions(app.setup.game, app.setup.rules);
}

/**
 * fillSides writes the side choosers for a game's levels.
 * @param {string} game
 * @param {{S: string, N: string}} sides
 */
export function fillSides(game, sides) {
  const levels = levelsOf(info(game));
  for (const [id, side] of /** @type {[string, 'S'|'N'][]} */ ([['south-select', 'S'], ['north-select', 'N']])) {
    const s = sel(id);
    s.textContent = '';
    s.add(new Option('Human', 'human'));
    const group = document.createElement('optgroup');
    group.label = 'Computer, weakest first';
    for (const l of levels) {
      const o = new Option(l.name + (l.rating !== undefined ? ' (rating ' + l.rating + ')' : '') + ' — ' + l.doc, l.id);
      group.appendChild(o);
    }
    if (levels.length) s.add(group);
    s.value = levels.some((l) => l.id === sides[side]) ? sides[side] : 'human';
  }
}

/**
 * parseRules reads "A:x,B:y" into a map.
 * @param {string} text
 */
export function parseRules(text) {
  const m = new Map();
  for (const part of (text || '').split(',')) {
    const [k, v] = part.split(':');
    if (k && v !== undefined) m.set(k, v);
  }
  return m;
}

/**
 * fillOptions writes the rule options of a game with the values of rules.
 * @param {string} game
 * @param {string} rules
 */
export function fillOptions(game, rules) {
  const g = info(game);
  if (!g) return;
  const box = $('options');
  box.textContent = '';
  const set = parseRules(rules);
  const L = g.layout;
  $('game-blurb').textContent = L.rows + ' rows of ' + L.files + ' pits · ' + g.counter + 's' +
    (L.stores.length ? ' · ' + g.words.store + 's' : '') + (L.reserves.length ? ' · ' + g.words.reserve + 's' : '') +
    (L.sharedRing ? ' · one shared ring' : ' · each side sows its own two rows');
  for (const o of g.options) {
    const id = 'opt-' + o.name;
    const value = set.get(o.name) ?? o.default;
    const label = document.createElement('label');
    label.className = 'field' + (o.kind === 'bool' ? ' inline' : '');
    /** @type {HTMLInputElement|HTMLSelectElement} */
    let input;
    if (o.kind === 'bool') {
      const i = document.createElement('input');
      i.type = 'checkbox';
      i.checked = value === 'true';
      input = i;
    } else if (o.values.length) {
      const s = document.createElement('select');
      for (const v of o.values) s.add(new Option(v + (v === o.default ? ' (default)' : ''), v));
      s.value = value;
      input = s;
    } else {
      const i = document.createElement('input');
      i.type = 'number';
      i.min = String(o.min);
      i.max = String(o.max);
      i.value = value;
      input = i;
    }
    input.id = id;
    input.dataset.option = o.name;
    input.addEventListener('change', updateRulesText);
    const name = document.createElement('span');
    name.textContent = o.name;
    const doc = document.createElement('span');
    doc.className = 'opt-doc';
    doc.textContent = o.doc + ' (rule ' + o.clause + ')';
    if (o.kind === 'bool') label.append(input, name);
    else label.append(name, input);
    box.append(label, doc);
  }
  updateRulesText();
}

/**
 * rulesFromForm writes the options that differ from their defaults, in
 * the order of the game's options (sorted by name), as in rules=.
 */
export function rulesFromForm() {
  const g = info(sel('game-select').value);
  if (!g) return '';
  const parts = [];
  for (const o of g.options) {
    const el = /** @type {HTMLInputElement|null} */ (document.getElementById('opt-' + o.name));
    if (!el) continue;
    let v = o.kind === 'bool' ? String(el.checked) : String(el.value).trim();
    if (o.kind === 'int' && (v === '' || v === '0')) v = o.default;
    if (v !== o.default) parts.push(o.name + ':' + v);
  }
  return parts.join(',');
}

function updateRulesText() {
  const r = rulesFromForm();
  $('rules-text').textContent = r ? r : '(defaults)';
}
