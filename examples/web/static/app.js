// @ts-check
// app.js: the page's entry. The page is modules, none over 400 lines:
//   machine.js  the state machine (phases, generations, the analysis
//               flag; pure, unit-tested with node --test)
//   state.js    the page's data: set-up, history, variations, levels
//   history.js  the move list: Undo/Redo targets, variations, turns
//   persist.js  localStorage: the game and the preferences
//   game.js     the controller: asks the rules, moves the machine
//   ui.js       drawing: board, status, buttons, chooser, dialogs
//   events.js   input: clicks, keys, the set-up's fields
//   share.js    copying and loading records, positions and links
//   room.js     a game against a friend through the server's rooms
//   analysis.js the analysis mode: evaluation bar, best move, line
// app.js starts the rules, then resumes the saved game, opens a shared
// link or starts a new game.
import { app, cur, info, levelsOf } from './state.js';
import { $, params, board, handlers, say, render, toggleSetup } from './ui.js';
import { client, backend, newGame, startFrom, SPEEDS } from './game.js';
import { openShared } from './share.js';
import { wire } from './events.js';
import './analysis.js'; // the analysis mode draws after each render
import { fillSetup } from './setup.js';
import { plain } from './messages.js';
import { restore, pref, savedGame } from './persist.js';
import { openRoom, wireRoom } from './room.js';

/**
 * start resolves to the games once the rules of game (the first board's,
 * its wasm file loaded ahead: each game's rules are a file of their own)
 * answer. When they cannot start (no connection, a load that stalls), it
 * says why and offers Retry, and tries again when it is pressed.
 * @param {string} game
 * @returns {Promise<import('./mancala.js').GamesResponse>}
 */
async function start(game) {
  for (;;) {
    try {
      await client.ready(/** @type {import('./mancala.js').GameName} */ (game));
      return await client.games();
    } catch (e) {
      $('load-progress').hidden = true;
      $('status-text').textContent = 'Cannot start the rules: ' + plain(/** @type {Error} */ (e).message).text;
      document.body.dataset.busy = '0';
      const retry = $('retry');
      retry.hidden = false;
      retry.focus();
      await new Promise((resolve) => retry.addEventListener('click', resolve, { once: true }));
      retry.hidden = true;
      document.body.dataset.busy = '1';
      $('status-text').textContent = 'Loading…';
    }
  }
}

/**
 * firstGame guesses, before the rules answer, which game the first board
 * shows (a shared link's, the address's, the saved game's, else the
 * first of the list), for the board's placeholder.
 */
function firstGame() {
  const link = new URLSearchParams(location.hash.slice(1));
  const pos = link.get('position');
  if (pos) return pos.trim().split(/\s+/)[0];
  const rec = link.get('record');
  const named = rec && rec.match(/^\[Game "([a-z]+)"\]/m);
  if (named) return named[1];
  if (params.get('game')) return /** @type {string} */ (params.get('game'));
  return savedGame() || 'kisolo';
}

async function main() {
  wire();
  wireRoom();
  const first = firstGame();
  board.placeholder(first);
  // A new game of Kiothi opens with South's opening bar: its room is kept.
  if (first === 'kiothi' && !savedGame() && !location.hash && (params.get('south') || 'human') === 'human') {
    $('opening-bar').hidden = false;
    $('opening-bar').classList.add('pending');
    $('opening-text').textContent = 'Opening: choose 2 of your pits to empty. Chosen: none.';
  }
  document.body.dataset.drawn = '1';
  const saved = pref('speed');
  const sp = /** @type {HTMLSelectElement} */ ($('speed'));
  const asked = params.get('speed');
  if (asked && asked in SPEEDS) sp.value = asked;
  else if (saved && saved in SPEEDS) sp.value = saved;
  else if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) sp.value = 'off';
  const g = await start(first);
  $('load-progress').hidden = true;
  app.games = g.games;
  const narrow = window.matchMedia('(max-width: 760px)');
  $('menu-toggle').hidden = false; // the set-up has its games now
  toggleSetup(!narrow.matches);
  narrow.addEventListener('change', () => toggleSetup(!narrow.matches));
  // A shared link (#record=... or #position=...) opens its game or
  // position, both sides human; the address then drops it, so that a
  // reload resumes the game as it goes on.
  window.addEventListener('hashchange', () => { openShared(); });
  // A room's link (#room=... or #invite=...) opens the game with a friend.
  if (await openRoom()) return;
  if (await openShared()) return;
  // A game named in the address is a new game (then the address drops it,
  // so that a reload resumes the game); else the saved game resumes.
  const want = params.get('game');
  const kept = want ? null : restore();
  if (kept) {
    try {
      app.setup = kept.setup;
      const history = kept.history;
      app.history = history;
      history[kept.index].state = await client.state({ position: history[kept.index].position });
      if (kept.index > 0) history[0].state = await client.state({ position: history[0].position });
      fillSetup();
      startFrom(history, kept.index, kept.variations);
      app.resigned = kept.resigned;
      render();
      say('Welcome back: your game of ' + cur().title + ' goes on (' + kept.index + ' of ' + (history.length - 1) + ' plies shown). New game starts another.');
      return;
    } catch (e) {
      say('The saved game could not be resumed: ' + plain(/** @type {Error} */ (e).message).text, true);
    }
  }
  const game = info(want || '') ? /** @type {string} */ (want) : g.games[0].name;
  /** @type {{S: string, N: string}} */
  const sides = { S: 'human', N: levelsOf(info(game))[1] ? levelsOf(info(game))[1].id : 'human' };
  const ids = new Set(['human', ...levelsOf(info(game)).map((l) => l.id)]);
  for (const [side, key] of /** @type {['S'|'N', string][]} */ ([['S', 'south'], ['N', 'north']])) {
    // A level by name ("casual") or by its place, 1 the weakest ("2").
    const v = (params.get(key) || '').toLowerCase();
    const byNumber = levelsOf(info(game))[Number(v) - 1];
    if (ids.has(v)) sides[side] = v;
    else if (/^[0-9]+$/.test(v) && byNumber) sides[side] = byNumber.id;
  }
  app.setup = { game, rules: params.get('rules') || '', sides };
  fillSetup();
  if (want) {
    for (const k of ['game', 'rules', 'south', 'north']) params.delete(k);
    const q = params.toString();
    history.replaceState(null, '', location.pathname + (q ? '?' + q : '') + location.hash);
  }
  if (!(await newGame(app.setup.game, app.setup.rules, sides))) {
    document.body.dataset.busy = '0';
  }
}

/**
 * keep registers the service worker of the exported site (the wasm
 * backend), which keeps the site's files so that it works offline: only
 * once the first board is drawn, so that it fills its cache from what
 * the page has fetched (sw.js) and never competes with the page for the
 * network. The served page needs its server anyway.
 */
function keep() {
  if (backend !== 'wasm' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('sw.js').catch(() => { /* not over https or localhost: online only */ });
}

handlers.ready = keep;
main();
