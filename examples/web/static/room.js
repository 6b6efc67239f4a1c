// @ts-check
// room.js: a game against a friend through the server's rooms
// (examples/web/rooms, docs/web.md). Creating a room gives an invitation
// link (#invite=TOKEN: it seats the friend, once) and a watch link
// (#room=ID). In a room the page plays the local player's side as a
// 'human' and the friend's as 'remote' (state.js controllerOf; a
// spectator sees both sides remote): the server's moves are played into
// the history through game.js play (animated as a move against the
// computer), the local player's moves go to the server from
// game.js moveListeners. The live connection (a WebSocket) reconnects
// with back-off and resumes from the ply the page has; anything that
// does not fit (a refused move, a gap) rebuilds the game from the
// server's history. The analysis mode is locked off for the players while
// the game is in progress. The body's data-room-* attributes say what the
// room shows, for the browser tests.
import { app, cur, REMOTE } from './state.js';
import { client, dispatch, goto, moveListeners, play, startFrom, nextTurn, later } from './game.js';
import { can } from './machine.js';
import { $, handlers, render, say, showOver } from './ui.js';
import { sideName } from './messages.js';
import { copyText } from './share.js';
import { fillSetup, rulesFromForm } from './setup.js';

/**
 * @typedef {{taken: boolean, present: boolean}} Seat
 * @typedef {{type: string, id: string, game: string, rules: string, start: string, plies: number, from: number,
 *   moves: string[], position: string, toMove: 'S'|'N', status: string, seats: {S: Seat, N: Seat}, watchers: number,
 *   you: ''|'S'|'N', invite?: string, clock: {baseMs: number, incMs: number}|null, clocks: {S: number, N: number},
 *   running: ''|'S'|'N', offer: ''|'S'|'N', rematch: {S: boolean, N: boolean}, next: string, winner: ''|'S'|'N',
 *   reason: string, result: string}} RoomState
 */

const API = '/api/v1/rooms';

/** The room shown, or null. */
let R = /** @type {null | {id: string, ws: WebSocket|null, backoff: number, timer: number, st: RoomState|null,
  confirmed: number, queue: string[], pumping: boolean, at: number, tokens: number, tokenAt: number,
  outbox: string[], leaving: boolean, fresh: boolean}} */ (null);

const body = document.body.dataset;

/** @param {string} k @param {string|number} v */
function mark(k, v) { body[k] = String(v); }

/**
 * openRoom opens the room of the address (#room=ID), or takes the seat of
 * an invitation (#invite=TOKEN) and opens its room. It says whether the
 * address named one.
 */
export async function openRoom() {
  const link = new URLSearchParams(location.hash.slice(1));
  const invite = link.get('invite');
  const id = link.get('room');
  if (!invite && !id) {
    if (R) leave();
    return false;
  }
  if (invite) {
    const r = await fetch(API + '/join', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ invite }) });
    const j = await r.json().catch(() => ({}));
    if (!r.ok) {
      history.replaceState(null, '', location.pathname + location.search);
      mark('roomStatus', 'refused');
      mark('roomErrorCode', j.code || 'error');
      say('The invitation could not be used: ' + (j.error || r.statusText).replace(/^rooms: /, ''), true);
      return false;
    }
    history.replaceState(null, '', location.pathname + location.search + '#room=' + j.room);
    enter(j.room);
    return true;
  }
  if (!R || R.id !== id) enter(/** @type {string} */ (id));
  return true;
}

/**
 * create makes a room of the set-up's game and rules and opens it.
 * @param {string} game @param {string} rules @param {string} seat @param {string} clock "base+inc" in ms, or ""
 */
export async function create(game, rules, seat, clock) {
  /** @type {any} */
  const req = { game, rules, seat };
  if (clock) {
    const [b, i] = clock.split('+').map(Number);
    req.clock = { baseMs: b, incMs: i };
  }
  const r = await fetch(API, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(req) });
  const j = await r.json().catch(() => ({}));
  if (!r.ok) {
    say('The game could not be created: ' + (j.error || r.statusText).replace(/^rooms: /, ''), true);
    return;
  }
  history.pushState(null, '', location.pathname + location.search + '#room=' + j.room);
  enter(j.room);
}

/** @param {string} id */
function enter(id) {
  if (R) leave(true);
  R = { id, ws: null, backoff: 500, timer: 0, st: null, confirmed: 0, queue: [], pumping: false, at: 0,
    tokens: 15, tokenAt: performance.now(), outbox: [], leaving: false, fresh: true };
  app.room = id;
  app.ended = null;
  $('room').hidden = false;
  sides(true);
  $('hint').hidden = true;
  $('resign').hidden = true;
  /** @type {HTMLAnchorElement} */ ($('room-record')).href = API + '/' + id + '/record';
  mark('roomStatus', 'connecting');
  mark('roomConnects', 0);
  mark('roomErrors', 0);
  connect();
}

/** leave closes the room shown (the game stays on the board). @param {boolean} [quiet] */
export function leave(quiet) {
  if (!R) return;
  R.leaving = true;
  clearTimeout(R.timer);
  if (R.ws) R.ws.close();
  R = null;
  app.room = null;
  app.ended = null;
  $('room').hidden = true;
  sides(false);
  $('hint').hidden = false;
  $('resign').hidden = false;
  dispatch({ type: 'lock', locked: false });
  mark('roomStatus', '');
  if (!quiet && /(^#|&)(room|invite)=/.test(location.hash)) history.replaceState(null, '', location.pathname + location.search);
}

/** sides disables the set-up's side choosers in a room (the room says who plays). @param {boolean} off */
function sides(off) {
  for (const id of ['south-select', 'north-select']) /** @type {HTMLSelectElement} */ ($(id)).disabled = off;
}

function connect() {
  if (!R) return;
  const me = R;
  const ws = new WebSocket((location.protocol === 'https:' ? 'wss:' : 'ws:') + '//' + location.host + API + '/' + me.id + '/live?ply=' + me.confirmed);
  me.ws = ws;
  me.fresh = true;
  ws.onmessage = (e) => { if (R === me) onMessage(JSON.parse(e.data)); };
  ws.onopen = () => {
    if (R !== me) return;
    me.backoff = 500;
    mark('roomConnected', 1);
    mark('roomConnects', Number(body.roomConnects || 0) + 1);
    flush();
  };
  ws.onclose = () => {
    if (R !== me || me.leaving) return;
    mark('roomConnected', 0);
    drawRoom();
    me.timer = setTimeout(connect, me.backoff);
    me.backoff = Math.min(me.backoff * 2, 10000);
  };
}

/** send queues a message, at most 15 a second (the server takes 20). @param {any} m */
function send(m) {
  if (!R) return;
  R.outbox.push(JSON.stringify(m));
  flush();
}

function flush() {
  if (!R || !R.ws || R.ws.readyState !== WebSocket.OPEN) return;
  const now = performance.now();
  R.tokens = Math.min(15, R.tokens + (now - R.tokenAt) * 0.015);
  R.tokenAt = now;
  while (R.outbox.length && R.tokens >= 1) {
    R.ws.send(/** @type {string} */ (R.outbox.shift()));
    R.tokens--;
  }
  if (R.outbox.length) setTimeout(flush, 70);
  markPending();
}

/** markPending sets data-room-pending: the local moves the server has not confirmed yet. */
function markPending() {
  if (R) mark('roomPending', R.outbox.length + Math.max(0, app.history.length - 1 - R.confirmed));
}

/** @param {any} m */
function onMessage(m) {
  if (!R) return;
  switch (m.type) {
    case 'room': onState(/** @type {RoomState} */ (m)); break;
    case 'move': onMove(m); break;
    case 'presence':
      if (R.st) { R.st.seats = m.seats; R.st.watchers = m.watchers; }
      drawRoom();
      break;
    case 'error':
      mark('roomErrors', Number(body.roomErrors || 0) + 1);
      mark('roomErrorCode', m.code);
      say('The server refused it: ' + String(m.error).replace(/^rooms: /, ''), true);
      if (m.about === 'move' || m.code === 'busy') resync();
      break;
  }
}

/** @param {RoomState} st */
async function onState(st) {
  if (!R) return;
  const first = !R.st || R.st.id !== st.id;
  const fresh = R.fresh;
  R.fresh = false;
  const moves = app.history.length - 1;
  const keep = R.st ? R.st.moves : [];
  R.st = { ...st, moves: keep };
  R.at = performance.now();
  if (first || st.from !== R.confirmed || ((fresh || st.moves.length) && moves !== R.confirmed)) {
    if (st.from === 0) await build(st);
    else await resync();
  } else if (st.moves.length) {
    R.confirmed = st.from + st.moves.length;
    R.queue.push(...st.moves);
    pump();
  }
  if (!R) return;
  if (st.next && st.next !== st.id) {
    say('The rematch starts: sides swapped.');
    history.replaceState(null, '', location.pathname + location.search + '#room=' + st.next);
    enter(st.next);
    return;
  }
  drawRoom();
}

/** @param {any} m */
function onMove(m) {
  if (!R || !R.st) return;
  Object.assign(R.st, { clocks: m.clocks, running: m.running, status: m.status, winner: m.winner, reason: m.reason,
    result: m.result, toMove: m.toMove, plies: m.ply });
  R.at = performance.now();
  if (m.ply === R.confirmed + 1) {
    R.confirmed = m.ply;
    const h = app.history[m.ply];
    if (!(h && h.move === m.move && app.history.length - 1 >= m.ply)) {
      R.queue.push(m.move);
      pump();
    }
  } else if (m.ply > R.confirmed) {
    resync();
  }
  drawRoom();
}

/** build shows the room's game from its start and all its moves. @param {RoomState} st */
async function build(st) {
  if (!R) return;
  const me = R;
  const positions = [st.start];
  if (st.moves.length) {
    const rec = await client.record({ start: st.start, moves: st.moves });
    const rep = await client.replay({ record: rec.record });
    positions.splice(0, 1, ...rep.positions.map((/** @type {any} */ p) => (typeof p === 'string' ? p : p.position)));
  }
  const last = await client.state({ position: positions[positions.length - 1] });
  if (R !== me) return;
  app.setup = { game: st.game, rules: st.rules, sides: { S: st.you === 'S' ? 'human' : REMOTE, N: st.you === 'N' ? 'human' : REMOTE } };
  const hist = positions.map((p, i) => (i === 0 ? { position: p } : { position: p, move: st.moves[i - 1],
    mover: /** @type {'S'|'N'} */ (positions[i - 1].split(' ')[2]) }));
  /** @type {import('./state.js').Entry} */ (hist[hist.length - 1]).state = last;
  me.queue = [];
  me.confirmed = st.moves.length;
  fillSetup();
  startFrom(hist, hist.length - 1, []);
  drawRoom();
}

/** resync rebuilds the game from the server's whole history. */
async function resync() {
  if (!R) return;
  const me = R;
  const r = await fetch(API + '/' + me.id);
  if (!r.ok || R !== me) return;
  const st = await r.json();
  R.st = st;
  await build(st);
}

/** pump plays the server's moves that the board does not show yet, in order. */
async function pump() {
  if (!R || R.pumping) return;
  const me = R;
  me.pumping = true;
  while (R === me && me.queue.length) {
    if (app.index !== app.history.length - 1) await goto(app.history.length - 1);
    for (let i = 0; i < 100 && !can(app.m, 'play'); i++) await new Promise((res) => setTimeout(res, 30));
    const mv = /** @type {string} */ (me.queue.shift());
    const quick = !!cur().opening || me.queue.length > 0;
    const ok = await play(mv, quick ? { animate: false, quiet: true } : {});
    if (!ok) {
      me.pumping = false;
      resync();
      return;
    }
  }
  me.pumping = false;
  render();
  later(nextTurn);
}

moveListeners.push((p) => {
  if (!R || p.by !== 'human' || !R.st || R.st.status !== 'playing') return;
  send({ type: 'move', ply: p.index - 1, move: p.move });
  markPending();
});

/** @param {number} ms */
function clockText(ms) {
  const s = Math.ceil(Math.max(0, ms) / 1000);
  return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
}

/** drawRoom draws the room's panel and sets the data-room-* attributes. */
function drawRoom() {
  if (!R || !R.st) return;
  const st = R.st;
  const you = st.you;
  const playing = st.status === 'playing';
  if (app.m.locked !== (!!you && playing)) dispatch({ type: 'lock', locked: !!you && playing });
  // A game ended other than by the rules (time, resignation, agreement,
  // abandonment) ends on the board too.
  const ended = st.status === 'over' && st.result === '*' ? { winner: st.winner || null, text: ending(st) } : null;
  if ((ended && ended.text) !== (app.ended && app.ended.text)) {
    app.ended = ended;
    render();
    if (ended && R.confirmed === app.history.length - 1) showOver();
  }
  mark('roomStatus', st.status);
  mark('roomYou', you || 'watcher');
  mark('roomPly', R.confirmed);
  markPending();
  mark('roomOffer', st.offer);
  mark('roomRematch', (st.rematch.S ? 'S' : '') + (st.rematch.N ? 'N' : ''));
  mark('roomWinner', st.winner);
  mark('roomReason', st.reason);
  for (const s of /** @type {('S'|'N')[]} */ (['S', 'N'])) {
    const el = $('room-' + s);
    const seat = st.seats[s];
    const who = s === you ? 'you' : you ? 'your friend' : 'a player';
    /** @type {HTMLElement} */ (el.querySelector('.name')).textContent = sideName(s) + ' (' + who + ')';
    /** @type {HTMLElement} */ (el.querySelector('.presence')).textContent = !seat.taken ? 'not joined yet' : seat.present ? 'here' : 'away';
    el.dataset.present = seat.present ? '1' : '0';
    let ms = st.clocks[s];
    if (st.running === s) ms -= performance.now() - R.at;
    /** @type {HTMLElement} */ (el.querySelector('.clock')).textContent = st.clock ? clockText(ms) : '';
    el.classList.toggle('running', st.running === s);
  }
  const inv = $('room-invite');
  inv.hidden = !(st.status === 'waiting' && st.invite);
  if (st.invite) /** @type {HTMLInputElement} */ ($('room-invite-link')).value = linkTo('invite', st.invite);
  /** @type {HTMLInputElement} */ ($('room-watch-link')).value = linkTo('room', st.id);
  const over = st.status === 'over';
  const other = you === 'S' ? 'N' : 'S';
  $('room-draw').hidden = !you || !playing || st.offer === other;
  /** @type {HTMLButtonElement} */ ($('room-draw')).disabled = st.offer === you;
  $('room-accept').hidden = $('room-decline').hidden = !you || !playing || st.offer !== other;
  $('room-resign').hidden = !you || !playing;
  $('room-rematch').hidden = !you || !over || !st.seats[other].taken;
  /** @type {HTMLButtonElement} */ ($('room-rematch')).disabled = !!(you && st.rematch[you]);
  let text;
  if (st.status === 'waiting') text = you ? 'Waiting for your friend: send them the invitation link.' : 'Waiting for the second player.';
  else if (playing) {
    text = (st.toMove === you ? 'Your move' : sideName(st.toMove) + ' to move') + (st.offer ? ' · ' + sideName(st.offer) + ' offers a draw' : '');
  } else text = ending(st);
  if (body.roomConnected === '0') text += ' · reconnecting…';
  if (st.watchers) text += ' · ' + st.watchers + (st.watchers === 1 ? ' spectator' : ' spectators');
  if (over && you && st.rematch[/** @type {'S'|'N'} */ (other)]) text += ' · your friend asks for a rematch';
  $('room-text').textContent = text;
}

/** @param {RoomState} st */
function ending(st) {
  const w = st.winner ? sideName(st.winner) + ' wins' : 'No winner';
  const loser = st.winner === 'S' ? 'N' : 'S';
  switch (st.reason) {
    case 'resign': return sideName(loser) + ' resigned: ' + w + '.';
    case 'time': return sideName(loser) + '’s time ran out: ' + w + ' on time.';
    case 'abandon': return sideName(loser) + ' left the game: ' + w + ' by abandonment.';
    case 'agreement': return 'A draw by agreement.';
    case 'idle': return 'The game was closed: nobody played for too long.';
  }
  return st.winner ? w + '.' : 'A draw.';
}

/** @param {string} k @param {string} v */
function linkTo(k, v) {
  return location.origin + location.pathname + '#' + k + '=' + v;
}

/** wireRoom connects the room's controls; app.js calls it once. */
export function wireRoom() {
  const http = (document.body.dataset.backend || 'http') === 'http' && !new URLSearchParams(location.search).has('backend');
  $('friend-box').hidden = !http;
  if (!http) return;
  $('friend-create').addEventListener('click', () => {
    const v = (/** @type {string} */ id) => /** @type {HTMLSelectElement} */ ($(id)).value;
    create(v('game-select'), rulesFromForm(), v('friend-seat'), v('friend-clock'));
  });
  $('room-copy-invite').addEventListener('click', () => copyText(/** @type {HTMLInputElement} */ ($('room-invite-link')).value, 'Invitation link'));
  $('room-copy-watch').addEventListener('click', () => copyText(/** @type {HTMLInputElement} */ ($('room-watch-link')).value, 'Watch link'));
  $('room-draw').addEventListener('click', () => send({ type: 'offer_draw' }));
  $('room-accept').addEventListener('click', () => send({ type: 'accept_draw' }));
  $('room-decline').addEventListener('click', () => send({ type: 'decline_draw' }));
  // Resign takes two clicks: the first asks to confirm.
  $('room-resign').addEventListener('click', () => {
    const b = $('room-resign');
    if (b.dataset.armed !== '1') {
      b.dataset.armed = '1';
      b.textContent = 'Really resign?';
      return;
    }
    b.dataset.armed = '0';
    b.textContent = 'Resign';
    send({ type: 'resign' });
  });
  $('room-rematch').addEventListener('click', () => send({ type: 'rematch' }));
  $('room-leave').addEventListener('click', () => leave());
  // The game-over dialog's Rematch asks the room for one.
  $('rematch').addEventListener('click', (e) => {
    if (!R) return;
    e.stopImmediatePropagation();
    /** @type {HTMLDialogElement} */ ($('over')).close();
    if (R.st && R.st.you) send({ type: 'rematch' });
  }, { capture: true });
  // New game leaves the room.
  $('setup-form').addEventListener('submit', () => { if (R) leave(); }, { capture: true });
  // A move is made at the end of the game only.
  const pit = handlers.pit;
  handlers.pit = (n) => {
    if (R && app.index !== app.history.length - 1) {
      say('Go to the last position (the end of the move list) to move.');
      return;
    }
    pit(n);
  };
  window.addEventListener('hashchange', () => { openRoom(); });
  setInterval(() => { if (R && R.st && R.st.running) drawRoom(); }, 250);
}
