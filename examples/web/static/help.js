// @ts-check
// help.js: each game's rules in a few sentences and its move notation, in
// words for players; the clause ids point into the module's docs/rules.

/** Where the rules files are read (a link, never fetched by the page). */
export const RULES_URL = 'https://github.com/seed8ebe013a/go-mancala/blob/main/docs/rules/';

/**
 * @typedef {{summary: string[], legend: [string, string][], file: string, clause: string}} Help
 * @type {Record<string, Help>}
 */
export const HELP = {
  kisolo: {
    file: 'kisolo.md',
    clause: 'KS-6',
    summary: [
      'Four rows of pits; you own the two nearest you (your outer row and your inner row). Every pit starts with three seeds. You sow only round your own two rows, counter-clockwise.',
      'If one of your inner pits and the pit facing it are both occupied, you must capture: take the seeds of the facing pit and of the outer pit behind it, and sow them on from your own pit.',
      'Otherwise lift all seeds of any of your pits and sow them one by one. When the last seed lands and the next pit is occupied, you lift that pit and go on sowing (a relay); when the next pit is empty, the move ends.',
      'You win when a capture empties your opponent\'s inner row; you lose when your own inner row is empty after your move.',
    ],
    legend: [
      ['b3', 'sow: lift every seed of pit b3 and sow them'],
      ['xb3', 'capture through your inner pit b3'],
      ['a1 … d7', 'pits: rows a, b (South) and c, d (North), files 1 to 7 from South\'s left'],
    ],
  },
  kiothi: {
    file: 'kiothi.md',
    clause: 'KI-6',
    summary: [
      'Two rows of ten pits in one shared ring; your row is the one nearest you, and each side starts with 30 warriors in its six rightmost pits. Captured warriors go to your prison.',
      'Opening: on each side\'s first turn you empty two of your pits and place the warriors you took into any pits you like, one by one. After the opening every occupied pit is nki (marked with a gold diamond): it cannot be captured until it is lifted.',
      'Then a move lifts some or all warriors of one of your pits and sows them counter-clockwise. The first lap may not end in an occupied pit of your own row. When a lap ends in an occupied pit, its warriors are lifted and sown on; the move ends in an empty pit.',
      'Ending in an empty pit of your row captures the facing pit (if it is occupied and not nki) with the capturing warrior; a capture in your leftmost pit may take three more pits as a bonus. When a player cannot move, the warriors left go to the other side; the fuller prison wins.',
    ],
    legend: [
      ['a5:3', 'lift 3 warriors from pit a5 and sow them'],
      ['-a5', 'opening: empty pit a5 into your hand'],
      ['+b3', 'opening: put one warrior from your hand into pit b3'],
      ['=', 'opening: stop emptying pits (when the rules let you empty fewer)'],
      ['◆', 'on the board: the pit is nki (protected from capture)'],
    ],
  },
  kimasai: {
    file: 'kimasai.md',
    clause: 'KM-9',
    summary: [
      'Four rows of eight pits; you own the two nearest you. One cow stands in every inner pit, and each side keeps 24 cows in reserve. You sow only round your own two rows, clockwise.',
      'Phase 1, while any reserve holds cows: name one of your occupied pits, put a reserve cow into it (not on the very first turn), then lift all its cows and sow them. When the last cow lands in an occupied pit, you lift it and sow on; in an empty pit the move ends.',
      'Phase 2: a move lifts all cows of one of your pits and sows them. When a lap ends in your inner row facing an occupied pit, you raid it: its cows become yours and are sown on from that pit.',
      'You win when a raid empties the opponent\'s inner row; you lose when your own inner row is empty after your move.',
    ],
    legend: [
      ['b3', 'play pit b3 (in phase 1, add a reserve cow first), lift its cows and sow them'],
      ['a1 … d8', 'pits: rows a, b (South) and c, d (North), files 1 to 8 from South\'s left'],
    ],
  },
};

/**
 * fill writes a game's help into the element: the summary paragraphs, the
 * notation legend as a table, and a link to the full rules.
 * @param {HTMLElement} box
 * @param {string} game
 * @param {string} title
 */
export function fillHelp(box, game, title) {
  const h = HELP[game];
  box.textContent = '';
  if (!h) return;
  const head = document.createElement('h3');
  head.textContent = 'How to play ' + title;
  box.appendChild(head);
  for (const s of h.summary) {
    const p = document.createElement('p');
    p.textContent = s;
    box.appendChild(p);
  }
  const lh = document.createElement('h3');
  lh.textContent = 'The move list';
  box.appendChild(lh);
  const table = document.createElement('table');
  table.className = 'legend';
  for (const [k, v] of h.legend) {
    const tr = table.insertRow();
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = k;
    tr.appendChild(th);
    tr.insertCell().textContent = v;
  }
  box.appendChild(table);
  const keys = document.createElement('p');
  keys.textContent = 'Each numbered row is one turn of each side, South’s then North’s. Click a move to see the board after it; ' +
    'in the list, ← and → go back and forward a ply, Home to the start and End to the last position.';
  box.appendChild(keys);
  const p = document.createElement('p');
  const a = document.createElement('a');
  a.href = RULES_URL + h.file;
  a.textContent = 'The full rules of ' + title;
  a.rel = 'noopener';
  p.appendChild(a);
  p.append(' (each rule has an id such as ' + h.clause + '; messages name the rule they apply).');
  box.appendChild(p);
}
