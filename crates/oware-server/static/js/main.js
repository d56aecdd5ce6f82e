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
//   gameboard.js the game's board (board.js, the board component): marks, names, scores, the sowing animation
//   movelist.js  the move list
//   analysis.js  hint and the Analysis panel (engine output, endgame database values)
//   record.js    the Record panel (position text, OGN download and copy, rules)
//   controls.js  buttons under the board, replay buttons, keyboard shortcuts
//   dialogs.js   New game, Import OGN, the end-of-game panel
//   game.js      the local game controller: the only writer of the game fields of `st` on the home page
//   online.js    the online game controller (the address /game/{id}): the writer of those fields there
//   clock.js     the two clocks of an online game
//   offers.js    the online panel: invite link and QR code, free seat, presence, actions and offers
//   chat.js      the online game's chat: the players' and spectators' rooms, hide, mute
//   cycle.js     ending a game on one device as a cycle by agreement (the computer's answer and proposals)
//   lobby.js     the open challenges on the home page
//   pool.js      quick pairing (the pools' buttons) and the logged-in player's "Your turn" list
//   review.js    the game's review: progress, evaluation graph, summary, the selected move explained
//   account.js   the account API and the log-in control in the header; rating texts ("1500?", "+8")
//
// The address chooses the screen: /game/{id} is an online game (as a player with this browser's seat
// token, else as a spectator); anything else is the home page with the local game and the lobby. A logged-in
// player without a seat token for the game gets their account's seat from the server first (the game was
// started on another device), when the game's state shows a seat of theirs: a visitor of an invite link or
// a spectator has none, and asking would only be refused. Profiles, the leaderboard and the password reset
// are player.html (players.js).
import { createState } from "./state.js";
import { loadSettings } from "./storage.js";
import { renderStatus } from "./status.js";
import { createGameBoard } from "./gameboard.js";
import { createMoveList } from "./movelist.js";
import { createAnalysis } from "./analysis.js";
import { createRecord } from "./record.js";
import { createControls } from "./controls.js";
import { createDialogs } from "./dialogs.js";
import { createLocalGame } from "./game.js";
import { createOnlineGame, createOnline } from "./online.js";
import { createPool } from "./pool.js";
import { createClock } from "./clock.js";
import { createOffers } from "./offers.js";
import { createChat } from "./chat.js";
import { createCycle } from "./cycle.js";
import { createLobby } from "./lobby.js";
import { createReview } from "./review.js";
import { createGame, getGame } from "./api.js";
import { rememberGame, rememberSeat, seatToken } from "./storage.js";
import { say } from "./status.js";
import { $, gameIdInAddress, READY_EVENT } from "./dom.js";
import { createAccountMenu, accountSeat } from "./account.js";
import { showLearnCard } from "./learncard.js";
import { showHomeTv } from "./hometv.js";
import { t } from "./i18n.js";
import { errorText } from "./request.js";
/** @import * as P from "../../types/protocol" */

/** The online game's id when the address is /game/{id}, else null. */
const onlineId = gameIdInAddress();

const st = createState(loadSettings());

// What the game controller redraws after each change. The parts created below are looked up when it runs.
const screen = {
  /** Everything, without animation. */
  all() {
    board.render();
    renderStatus(st);
    moves.render();
    screen.controls();
    review.render();
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
    clock.render();
    offers.render();
    if (chat) chat.render();
    cycle.render();
  },
  /** The end panel, when the shown game has just ended. */
  gameOver() {
    dialogs.gameOver();
  },
};

const board = createGameBoard(st, { onPit: (p) => game.pressPit(p) });
// With the review open, a move in the list selects that move's review (the board before it).
const moves = createMoveList(st, { onSelect: (ply) => (review.active() ? review.select(ply - 1) : game.showPly(ply)) });
const review = createReview(st, { showPly: (ply) => game.showPly(ply), screen });
const analysis = createAnalysis(st, { board });
const record = createRecord(st);
const chat = onlineId ? createChat(st) : null;
const cycle = createCycle(st);
const online = onlineId ? createOnlineGame(st, { board, analysis, review, screen, chat }) : null;
// On an online game's address a new local game is created and then shown on the home page.
const localGame = online ? null : createLocalGame(st, { board, analysis, review, screen });
const game = online || /** @type {ReturnType<typeof createLocalGame>} */ (localGame);
const local = localGame || {
  /** @param {P.CreateReq} body */
  create: async (body) => { const r = await createGame(body); rememberGame(r.id, r.token); location.assign("/"); },
};
const clock = createClock(st);
const offers = createOffers(st, { online: online || {} });
const dialogs = createDialogs(st, { game: local, online: { create: createOnline }, offers, review });
const controls = createControls(st, { game, analysis, dialogs, review });

/**
 * Whether online game `state` has a seat held by account `name` (the server names an account's seat by the account).
 * @param {P.StateView | null} state
 * @param {string} name
 */
function holdsSeat(state, name) {
  const seats = state && state.online && state.online.seats;
  return !!seats && Object.values(seats).some((s) => s && s.account && s.taken && s.name === name);
}

/**
 * Takes the account `name`'s seat in the online game on screen when this browser has no token for it and the
 * game's `state` shows one (else the visitor watches, or takes the free seat); whether it did.
 * @param {string | null} name
 * @param {P.StateView | null} state
 */
async function takeAccountSeat(name, state) {
  if (!onlineId || !name || seatToken(onlineId) || !holdsSeat(state, name)) return false;
  try {
    const r = await accountSeat(onlineId);
    if (!r || !r.token) return false;
    rememberSeat(onlineId, r.token);
    return true;
  } catch {
    return false; // no seat of this account in this game
  }
}

let accountKnown = false;
/** After the server said who is logged in, and after each log-in or log-out. @param {string | null} name */
async function accountChanged(name) {
  const rated = /** @type {HTMLInputElement} */ ($("#new-rated"));
  rated.disabled = !name;
  if (!name) rated.checked = false;
  $("#rated-note").textContent = name ? t("game-rated-note-account") : t("game-rated-note-guest");
  // A player plays under their account's name.
  for (const input of [$("#join-name"), $("#lobby-name"), /** @type {HTMLFormElement} */ ($("#form-new")).elements.namedItem("name")].map(
    (e) => /** @type {HTMLInputElement} */ (e),
  )) {
    if (name) input.value = name;
    else if (input.readOnly) input.value = st.settings.name || "";
    input.readOnly = !!name;
  }
  if (!online) pool.account(name);
  else offers.render(); // the free seat of a rated game: for an account only
  const first = !accountKnown;
  accountKnown = true;
  // Logged in on a game's page: the account may hold a seat there.
  if (!first && name && (await takeAccountSeat(name, st.game))) location.reload();
}

const pool = createPool(st);
const account = createAccountMenu({ onChange: accountChanged });
showLearnCard();
showHomeTv();

async function boot() {
  analysis.watchTables();
  screen.all();
  if (online && onlineId) {
    document.body.classList.add("online");
    const name = await account.ready;
    if (name && !seatToken(onlineId)) {
      // A logged-in visitor without a token: the state (as a spectator sees it) says whether a seat is theirs.
      const state = await getGame(onlineId, null).catch(() => null);
      await takeAccountSeat(name, state);
    }
    try {
      await online.open(onlineId);
    } catch (e) {
      say(t("game-online-missing", { error: errorText(e) }));
    }
    return;
  }
  pool.start();
  createLobby(st).start();
  if (localGame && (await localGame.restore())) return;
  screen.all();
  dialogs.openNew();
}

// Once the page is set up, the taps the inline script (early.js) kept while the modules were on their way.
boot().finally(() => document.dispatchEvent(new Event(READY_EVENT)));
