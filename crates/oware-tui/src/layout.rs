//! Screen geometry, in one place: where each part of the screen is ([`Areas`]), which pit is
//! drawn in which column ([`pit_in_slot`]) and which pit a click lands on ([`pit_at`]). The
//! drawing ([`crate::render`]) and the mouse handling ([`crate::app`]) both read it, so a click
//! always means the pit drawn under it. The layout is made for 80×24 and grows with the
//! terminal; below 80×24 ([`fits`]) a message asks for a larger window.
//!
//! ```text
//!  title: players, rules, level                              ? help
//! ┌ Board (50 wide, 11 high) ────────┐┌ Moves ───────────────┐
//! │ top player's row, store on left  ││ 1. C  f              │
//! │ bottom player's row, store right ││ 2. D  a+2            │
//! └──────────────────────────────────┘│                      │
//! ┌ Game / Analysis ─────────────────┐│                      │
//! │ position text, tables, analysis  ││                      │
//! └──────────────────────────────────┘└──────────────────────┘
//!  status line
//!  keys
//! ```
//!
//! Inside the board's frame, nine lines: the top player's name, database values, pit letters
//! and pits; the stores; the bottom player's pits, letters, values and name. Each pit column is
//! [`CELL`] wide, after one empty column of the same width.

use oware_core::Side;
use ratatui::layout::{Margin, Rect};

/// The smallest screen the game is drawn in.
pub const MIN_WIDTH: u16 = 80;
/// The smallest screen height.
pub const MIN_HEIGHT: u16 = 24;
/// The board's width, frame included (the info pane below has the same).
pub const BOARD_WIDTH: u16 = 50;
/// The board's height, frame included.
pub const BOARD_HEIGHT: u16 = 11;
/// The width of one pit's column on the board.
pub const CELL: u16 = 6;

/// Whether `area` is large enough for the game.
pub fn fits(area: Rect) -> bool {
    area.width >= MIN_WIDTH && area.height >= MIN_HEIGHT
}

/// The parts of a screen that [`fits`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Areas {
    /// The title line at the top.
    pub title: Rect,
    /// The board, under the title on the left.
    pub board: Rect,
    /// The info pane (game, analysis or online game), under the board.
    pub info: Rect,
    /// The move list, right of the board and the info pane.
    pub moves: Rect,
    /// The status line.
    pub status: Rect,
    /// The keys line at the bottom.
    pub keys: Rect,
    /// The file name prompt, over the board.
    pub prompt: Rect,
    /// The help screen, over everything but the title and the last two lines.
    pub help: Rect,
}

impl Areas {
    /// The parts of `area`, which must [`fit`](fits).
    pub fn new(area: Rect) -> Areas {
        let board = board_rect(area);
        let middle_h = area.height - 3;
        Areas {
            title: Rect::new(area.x, area.y, area.width, 1),
            board,
            info: Rect::new(area.x, board.bottom(), BOARD_WIDTH, middle_h - BOARD_HEIGHT),
            moves: Rect::new(
                area.x + BOARD_WIDTH,
                area.y + 1,
                area.width - BOARD_WIDTH,
                middle_h,
            ),
            status: Rect::new(area.x, area.bottom() - 2, area.width, 1),
            keys: Rect::new(area.x, area.bottom() - 1, area.width, 1),
            prompt: Rect::new(area.x + 4, area.y + 8, area.width.min(76) - 4, 3),
            help: Rect::new(area.x, area.y + 1, area.width, area.height - 3),
        }
    }
}

fn board_rect(area: Rect) -> Rect {
    Rect::new(area.x, area.y + 1, BOARD_WIDTH, BOARD_HEIGHT)
}

/// The pit of `side` (0–5 from that side's left) drawn in column `slot` (0–5 from the screen's
/// left), with `bottom`'s row at the bottom: the bottom row reads left to right, the top row
/// right to left.
pub fn pit_in_slot(side: Side, bottom: Side, slot: usize) -> usize {
    if side == bottom {
        slot
    } else {
        5 - slot
    }
}

/// The absolute pit drawn at screen column `col`, row `row` (its count or its letter), if any,
/// on a screen of size `area` with `bottom`'s row at the bottom.
pub fn pit_at(bottom: Side, area: Rect, col: u16, row: u16) -> Option<usize> {
    if !fits(area) {
        return None;
    }
    let inner = board_rect(area).inner(Margin::new(1, 1));
    let x0 = inner.x + CELL;
    if col < x0 || col >= x0 + 6 * CELL {
        return None;
    }
    let slot = usize::from((col - x0) / CELL);
    // The letters and counts lines of each row (see the module's drawing).
    let side = match row.checked_sub(inner.y)? {
        2 | 3 => bottom.other(),
        5 | 6 => bottom,
        _ => return None,
    };
    Some(side.first_pit() + pit_in_slot(side, bottom, slot))
}
