// @ts-check
// games.js: the page's data of each game that the rules' answers do not carry,
// written from internal/games (the module's one list of games) by examples/web's
// TestGamesJS (go test ./examples/web -run TestGamesJS -update-games); do not edit.

/**
 * SCALES: each game's lead, in its evaluation's points, that fills three quarters
 * of the evaluation bar (internal/games.EvalScale).
 * @type {Record<string, number>}
 */
export const SCALES = {"kimasai":8,"kiothi":6,"kisolo":16};
