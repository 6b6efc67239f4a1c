// @ts-check
// games.js: the page's data of each game that it needs before the rules answer,
// or that they do not carry, written from internal/games (the module's one list of
// games) and the games' descriptors by examples/web's
// TestGamesJS (go test ./examples/web -run TestGamesJS -update-games); do not edit.

/**
 * SCALES: each game's lead, in its evaluation's points, that fills three quarters
 * of the evaluation bar (internal/games.EvalScale).
 * @type {Record<string, number>}
 */
export const SCALES = {"kimasai":8,"kiothi":6,"kisolo":16};

/**
 * SHAPES: each game's board under its default rules (rows, files, and the words of
 * its stores and reserves, '' for none), for the placeholder drawn while the rules
 * load (board.js).
 * @type {Record<string, {rows: number, files: number, stores: string, reserves: string}>}
 */
export const SHAPES = {"kimasai":{"rows":4,"files":8,"stores":"","reserves":"reserve"},"kiothi":{"rows":2,"files":10,"stores":"prison","reserves":""},"kisolo":{"rows":4,"files":7,"stores":"","reserves":""}};
