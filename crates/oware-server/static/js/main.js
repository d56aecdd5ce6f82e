// Oware page. The server (and so the rules core) decides everything: legal moves, reasons, what a move
// sows and captures, the end of the game. The page draws and animates what it is told.
//
// This module builds the page from its parts and starts it. The parts share one state object `st`
// (state.js) and call each other only through what is passed to them here:
//
//   api.js       requests and the game's event stream (no page state)
//   storage.js   what the browser remembers (settings, the last game)
//   state.js     the state object and the questions asked of it
//   status.js    status line, message line, live region; sentences about moves
//   board.js     pits, stores, seeds, marks, the sowing animation
//   movelist.js  the move list
//   analysis.js  hint and the Analysis panel (engine output, endgame database values)
//   record.js    the Record panel (position text, OGN download and copy, rules)
//   controls.js  buttons under the board, replay buttons, keyboard shortcuts
//   dialogs.js   New game, Import OGN, the end-of-game panel
//   game.js      the local game controller: the only writer of the game fields of `st`
import { createState } from "./state.js";
import { loadSettings } from "./storage.js";
import { renderStatus } from "./status.js";
import { createBoard } from "./board.js";
import { createMoveList } from "./movelist.js";
import { createAnalysis } from "./analysis.js";
import { createRecord } from "./record.js";
import { createControls } from "./controls.js";
import { createDialogs } from "./dialogs.js";
import { createLocalGame } from "./game.js";

const st = createState(loadSettings());

// What the game controller redraws after each change. The parts created below are looked up when it runs.
const screen = {
  /** Everything, without animation. */
  all() {
    board.render();
    renderStatus(st);
    moves.render();
    screen.controls();
  },
  /** After a flag changed (the computer is thinking) but not the position. */
  flags() {
    board.decorate();
    renderStatus(st);
    screen.controls();
  },
  /** The buttons and panels that depend on `st.busy` and the shown ply. */
  controls() {
    controls.render();
    analysis.render();
    record.render();
  },
  /** The end panel, when the shown game has just ended. */
  gameOver() {
    dialogs.gameOver();
  },
};

const board = createBoard(st, { onPit: (p) => game.pressPit(p) });
const moves = createMoveList(st, { onSelect: (ply) => game.showPly(ply) });
const analysis = createAnalysis(st, { board });
const record = createRecord(st);
const game = createLocalGame(st, { board, analysis, screen });
const dialogs = createDialogs(st, { game });
const controls = createControls(st, { game, analysis, dialogs });

async function boot() {
  analysis.watchTables();
  screen.all();
  if (await game.restore()) return;
  screen.all();
  dialogs.openNew();
}

boot();
