//! Drawing: the whole screen from the state, nothing else. Where each part goes is
//! [`crate::layout`]'s; below the smallest screen a message asks for a larger window.

use oware_core::{fen, movetext, Move, Side};
use oware_egdb::Bounds;
use oware_engine::score_to_text;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Padding, Paragraph, Wrap};
use ratatui::Frame;

use crate::app::{App, Mode, Opponent, Overlay, PromptKind, Tone};
use crate::lang::{self, t, tr};
use crate::layout::{fits, pit_in_slot, Areas, BOARD_WIDTH, CELL, MIN_HEIGHT, MIN_WIDTH};
use crate::online::{Connection, Online};

/// The keys line at the bottom (at most 80 columns), in the terminal's language.
fn keys_line(app: &App) -> String {
    tr(match &app.mode {
        Mode::Local { .. } if app.cycle_offer.is_some() => "keys-cycle",
        Mode::Local { .. } => "keys-local",
        Mode::Online(o) if o.chat.open => "keys-chat",
        Mode::Online(o) if o.seat.is_none() => "keys-watch",
        Mode::Online(o) if o.view.is_playing() => "keys-online",
        Mode::Online(_) => "keys-online-over",
    })
}

/// Styles of the screen, with colours or (under `NO_COLOR`) with attributes only.
struct Theme {
    color: bool,
}

impl Theme {
    fn fg(&self, c: Color) -> Style {
        if self.color {
            Style::default().fg(c)
        } else {
            Style::default()
        }
    }
    fn title(&self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }
    fn cursor(&self) -> Style {
        Style::default().add_modifier(Modifier::REVERSED | Modifier::BOLD)
    }
    fn last_from(&self) -> Style {
        if self.color {
            Style::default().bg(Color::Yellow).fg(Color::Black)
        } else {
            Style::default().add_modifier(Modifier::UNDERLINED)
        }
    }
    fn captured(&self) -> Style {
        if self.color {
            Style::default().bg(Color::Red).fg(Color::White)
        } else {
            Style::default().add_modifier(Modifier::CROSSED_OUT | Modifier::BOLD)
        }
    }
    fn sowing(&self) -> Style {
        if self.color {
            Style::default().bg(Color::Cyan).fg(Color::Black)
        } else {
            Style::default().add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
        }
    }
    fn hint(&self) -> Style {
        if self.color {
            Style::default().bg(Color::Green).fg(Color::Black)
        } else {
            Style::default().add_modifier(Modifier::BOLD | Modifier::ITALIC)
        }
    }
    fn error(&self) -> Style {
        self.fg(Color::Red).add_modifier(Modifier::BOLD)
    }
    fn dim(&self) -> Style {
        if self.color {
            Style::default().fg(Color::DarkGray)
        } else {
            Style::default()
        }
    }
}

/// Draws the whole screen.
pub fn render(app: &App, frame: &mut Frame) {
    let area = frame.area();
    let theme = Theme {
        color: app.config.color,
    };
    if !fits(area) {
        let text = t(
            "term-too-small",
            &[
                ("size", format!("{}x{}", area.width, area.height).into()),
                ("needed", format!("{MIN_WIDTH}x{MIN_HEIGHT}").into()),
            ],
        );
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return;
    }
    let areas = Areas::new(area);
    draw_title(app, frame, areas.title, &theme);
    draw_board(app, frame, areas.board, &theme);
    draw_info(app, frame, areas.info, &theme);
    match app.online().filter(|o| o.chat.open) {
        Some(o) => draw_chat(o, frame, areas.moves, &theme),
        None => draw_moves(app, frame, areas.moves, &theme),
    }
    let (tone, text) = &app.status;
    let style = match tone {
        Tone::Info => Style::default(),
        Tone::Error => theme.error(),
    };
    frame.render_widget(
        Paragraph::new(Line::from(Span::styled(format!(" {text}"), style))),
        areas.status,
    );
    frame.render_widget(
        Paragraph::new(Line::from(Span::styled(
            format!(" {}", keys_line(app)),
            theme.dim(),
        ))),
        areas.keys,
    );
    match &app.overlay {
        Overlay::None => {}
        Overlay::Help => draw_help(app, frame, areas.help, &theme),
        Overlay::Prompt(p) => {
            let r = areas.prompt;
            let what = match p.kind {
                PromptKind::Save => tr("prompt-save"),
                PromptKind::Open => tr("prompt-open"),
            };
            frame.render_widget(Clear, r);
            frame.render_widget(
                Paragraph::new(format!("{}_", p.text)).block(
                    Block::default()
                        .borders(Borders::ALL)
                        .title(format!(" {} ", t("prompt-title", &[("what", what.into())]))),
                ),
                r,
            );
        }
    }
}

fn draw_title(app: &App, frame: &mut Frame, area: Rect, theme: &Theme) {
    let opponent = match &app.mode {
        Mode::Local {
            opponent: Opponent::Computer { level, human },
        } => t(
            "title-vs-computer",
            &[
                ("side", lang::side(*human).into()),
                ("level", lang::level(*level).into()),
            ],
        ),
        Mode::Local {
            opponent: Opponent::Friend,
        } => tr("title-friend"),
        Mode::Online(o) => {
            let clock = o.view.clock.as_ref().map_or(String::new(), |c| {
                let initial = if c.initial_ms % 60_000 == 0 {
                    (c.initial_ms / 60_000).to_string()
                } else {
                    format!("{}s", c.initial_ms / 1000)
                };
                format!("  {initial}+{}", c.increment_ms / 1000)
            });
            t(
                "term-title-online",
                &[
                    ("south", short(&o.name(Side::South), 14).into()),
                    ("north", short(&o.name(Side::North), 14).into()),
                    ("clock", clock.into()),
                    ("rated", if o.view.rated { "yes" } else { "no" }.into()),
                ],
            )
        }
    };
    let text = format!(
        " {}",
        t(
            "title-line",
            &[
                ("opponent", opponent.into()),
                ("rules", app.game.rules().to_string().into()),
            ],
        )
    );
    let pad = usize::from(area.width).saturating_sub(text.chars().count() + 8);
    frame.render_widget(
        Paragraph::new(Line::from(vec![
            Span::styled(text, theme.title()),
            Span::raw(" ".repeat(pad)),
            Span::raw(format!("{} ", tr("title-help"))),
        ])),
        area,
    );
}

/// A database value of a move: the mover's final difference of the seeds now on the board.
fn value_text(b: &Bounds) -> String {
    if b.is_exact() {
        format!("{:+}", b.lo)
    } else {
        format!("{:+}..{:+}", b.lo, b.hi)
    }
}

/// `s` cut to `width` characters, with `…` when cut.
fn short(s: &str, width: usize) -> String {
    if s.chars().count() <= width {
        return s.to_string();
    }
    let mut t: String = s.chars().take(width.saturating_sub(1)).collect();
    t.push('…');
    t
}

fn centered(s: &str, width: usize) -> String {
    let n = s.chars().count();
    if n >= width {
        return s.to_string();
    }
    let left = (width - n) / 2;
    format!("{}{}{}", " ".repeat(left), s, " ".repeat(width - n - left))
}

fn draw_board(app: &App, frame: &mut Frame, area: Rect, theme: &Theme) {
    let pos = *app.game.position();
    let (pits, sowing) = match &app.animation {
        Some(a) => a.pits(),
        None => (pos.pits(), None),
    };
    let stores_pos = app.animation.as_ref().map_or(pos, |a| a.before);
    let turn = pos.turn();
    let bottom = app.bottom();
    let top = bottom.other();
    let w = usize::from(CELL);
    let humans_turn = app.humans_turn();

    let pit_style = |abs: usize| -> Style {
        let mut s = Style::default();
        if app.animation.is_none() {
            if let Some(last) = &app.last {
                if last.from == abs {
                    s = theme.last_from();
                }
                if last.captured_pits.contains(&abs) {
                    s = theme.captured();
                }
            }
            if let Some((m, _)) = app.hint {
                if m.pit(turn) == abs {
                    s = theme.hint();
                }
            }
            if humans_turn && Side::owner_of(abs) == turn && app.cursor + turn.first_pit() == abs {
                s = s.patch(theme.cursor());
            }
        } else if sowing == Some(abs) {
            s = theme.sowing();
        }
        s
    };
    let row_line = |side: Side| -> Line {
        let mut spans = vec![Span::raw(" ".repeat(w))];
        for slot in 0..6 {
            let i = pit_in_slot(side, bottom, slot);
            let abs = side.first_pit() + i;
            spans.push(Span::raw(" "));
            spans.push(Span::styled(format!("[{:>2}]", pits[abs]), pit_style(abs)));
            spans.push(Span::raw(" "));
        }
        Line::from(spans)
    };
    let letters_line = |side: Side| -> Line {
        let mut s = " ".repeat(w);
        for slot in 0..6 {
            let i = pit_in_slot(side, bottom, slot);
            let m = Move::clamped(i);
            let mut label = m.letter(side).to_string();
            if side == turn && humans_turn {
                label = format!("{} {}", i + 1, label);
            }
            s.push_str(&centered(&label, w));
        }
        Line::from(Span::styled(s, theme.dim()))
    };
    let values_line = |side: Side| -> Line {
        if side != turn || app.pit_values.iter().all(Option::is_none) {
            return Line::default();
        }
        let mut s = centered("egdb", w);
        for slot in 0..6 {
            let i = pit_in_slot(side, bottom, slot);
            let t = app.pit_values[i].as_ref().map_or(String::new(), value_text);
            s.push_str(&centered(&t, w));
        }
        Line::from(s)
    };
    let label = |side: Side| -> Line {
        // A rated seat's rating after the name (`1500?`, and `+8` once the game is over): the
        // name is cut shorter to leave it room.
        let rating = app
            .online()
            .and_then(|o| o.view.seats.get(side).rating.as_ref())
            .map(|r| format!(" {}", crate::wire::rating_text(r)))
            .unwrap_or_default();
        let name = short(&app.player_name(side), 22 - rating.chars().count().min(12));
        let mut t = format!(" {}: {name}{rating}", lang::side(side));
        let over = app.game.is_over() || app.online().is_some_and(|o| o.view.is_finished());
        if let Some(o) = app.online() {
            let seat = o.view.seats.get(side);
            if !seat.taken {
                t.push_str(&format!(" - {}", tr("term-seat-free")));
            } else if !seat.connected && o.seat != Some(side) {
                t.push_str(&format!(" - {}", tr("term-seat-away")));
            }
        }
        if side == turn && !over {
            let what = tr(if app.thinking && !humans_turn {
                "term-label-thinking"
            } else {
                "term-label-to-move"
            });
            t.push_str(&format!("  ({what})"));
        }
        let name_style = if side == turn {
            Style::default().add_modifier(Modifier::BOLD)
        } else {
            Style::default()
        };
        let clock = app
            .online()
            .and_then(|o| Some((o.remaining_ms(side)?, o.clock_running(side))));
        let Some((ms, running)) = clock else {
            return Line::from(Span::styled(t, name_style));
        };
        let text = format!(" {} ", crate::online::format_clock(ms));
        let mut style = Style::default();
        if running {
            style = style.add_modifier(Modifier::REVERSED | Modifier::BOLD);
        }
        if ms < 20_000 {
            style = style.patch(theme.error());
        }
        let inner = usize::from(BOARD_WIDTH) - 2;
        let pad = inner.saturating_sub(t.chars().count() + text.chars().count() + 1);
        Line::from(vec![
            Span::styled(t, name_style),
            Span::raw(" ".repeat(pad)),
            Span::styled(text, style),
        ])
    };
    let store = |side: Side| format!("[{:>2}]", stores_pos.store(side));
    let stores_line = Line::from(vec![
        Span::raw(" "),
        Span::styled(store(top), Style::default().add_modifier(Modifier::BOLD)),
        Span::raw(centered(&tr("pane-captured"), 6 * w)),
        Span::raw(" "),
        Span::styled(store(bottom), Style::default().add_modifier(Modifier::BOLD)),
    ]);
    let lines = vec![
        label(top),
        values_line(top),
        letters_line(top),
        row_line(top),
        stores_line,
        row_line(bottom),
        letters_line(bottom),
        values_line(bottom),
        label(bottom),
    ];
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::default()
                .borders(Borders::ALL)
                .title(format!(" {} ", tr("pane-board"))),
        ),
        area,
    );
}

fn nodes_text(n: u64) -> String {
    match n {
        0..=9_999 => n.to_string(),
        10_000..=999_999 => format!("{:.1}k", n as f64 / 1e3),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
}

/// A line of moves as letters separated by spaces (`C d E`).
fn line_text(first: Side, pv: &[Move]) -> String {
    movetext::letters(first, pv.iter().copied())
        .map(String::from)
        .collect::<Vec<_>>()
        .join(" ")
}

fn draw_info(app: &App, frame: &mut Frame, area: Rect, theme: &Theme) {
    let pos = app.game.position();
    let mut lines = Vec::new();
    if let Some((result, why)) = app.end_lines().filter(|_| app.animation.is_none()) {
        lines.push(Line::from(Span::styled(
            t("game-over", &[("result", result.into())]),
            theme.title(),
        )));
        lines.push(Line::from(Span::styled(why, theme.title())));
        lines.push(Line::from(tr(match app.online() {
            None => "over-keys-local",
            Some(o) if o.seat.is_some() => "over-keys-online",
            Some(_) => "over-keys-watch",
        })));
    }
    if let Some(o) = app.online() {
        online_lines(app, o, &mut lines, theme);
    } else {
        lines.extend([
            Line::from(format!("{} {}", label("info-position"), fen::write(pos))),
            Line::from(format!(
                "{} {}",
                label("info-tables"),
                app.tables.describe()
            )),
        ]);
    }
    if let Some(c) = &app.copied {
        lines.push(Line::from(format!("{} {c}", label("info-copied"))));
    }
    let title = if app.analysis.on || app.analysis.info.is_some() {
        let state = tr(if app.analysis.running {
            "analysis-thinking"
        } else if app.analysis.on {
            "analysis-done"
        } else {
            "analysis-stopped"
        });
        match &app.analysis.info {
            Some(i) => {
                lines.push(Line::from(vec![
                    Span::raw(format!("{} ", label("analysis-label"))),
                    Span::styled(
                        t(
                            "analysis-score",
                            &[
                                ("score", score_to_text(i.score).into()),
                                ("side", lang::side(pos.turn()).into()),
                            ],
                        ),
                        Style::default().add_modifier(Modifier::BOLD),
                    ),
                    Span::raw(format!(
                        "  {}",
                        t("analysis-depth", &[("depth", i.depth.into())])
                    )),
                ]));
                lines.push(Line::from(format!(
                    "{} {}  {state}",
                    label(""),
                    t("analysis-nodes", &[("nodes", nodes_text(i.nodes).into())])
                )));
                lines.push(Line::from(format!(
                    "{} {}",
                    label("analysis-line"),
                    line_text(pos.turn(), &i.pv)
                )));
            }
            None => lines.push(Line::from(format!("{} {state}", label("analysis-label")))),
        }
        format!(" {} ", tr("pane-analysis"))
    } else if app.online().is_some() {
        format!(" {} ", tr("term-pane-online"))
    } else {
        lines.push(Line::from(Span::styled(tr("analysis-off"), theme.dim())));
        format!(" {} ", tr("pane-game"))
    };
    frame.render_widget(
        Paragraph::new(lines).wrap(Wrap { trim: false }).block(
            Block::default()
                .borders(Borders::ALL)
                .padding(Padding::horizontal(1))
                .title(title),
        ),
        area,
    );
}

/// The online game's lines of the info pane: offers, a claim, the seat, the connection, the
/// link and the position.
fn online_lines(app: &App, o: &Online, lines: &mut Vec<Line>, theme: &Theme) {
    let bold = Style::default().add_modifier(Modifier::BOLD);
    for l in o.offer_lines() {
        lines.push(Line::from(Span::styled(l, bold)));
    }
    if o.can_claim() {
        let away = o.name(app.game.position().turn());
        lines.push(Line::from(Span::styled(
            t("term-away-claim", &[("name", away.into())]),
            bold,
        )));
    }
    let count = ("count", o.view.spectators.into());
    let seat = match o.seat {
        Some(s) => t("term-info-play", &[("side", lang::side(s).into()), count]),
        None => t("term-info-watch", &[count]),
    };
    lines.push(Line::from(format!("{} {seat}", label("term-info-you"))));
    let server = label("term-info-server");
    lines.push(match &o.connection {
        Connection::Connecting => Line::from(format!("{server} {}", tr("term-info-connecting"))),
        Connection::Up => Line::from(format!("{server} {}", tr("term-info-connected"))),
        Connection::Lost { error, .. } => Line::from(Span::styled(
            format!(
                "{server} {}",
                t("term-info-lost", &[("error", error.as_str().into())])
            ),
            theme.error(),
        )),
    });
    // The link on one line, without its label when both do not fit.
    let link = label("term-info-link");
    lines.push(Line::from(
        if o.link.chars().count() + link.chars().count() < 46 {
            format!("{link} {}", o.link)
        } else {
            o.link.clone()
        },
    ));
    lines.push(Line::from(format!(
        "{} {}",
        label("info-position"),
        fen::write(app.game.position())
    )));
}

fn draw_moves(app: &App, frame: &mut Frame, area: Rect, _theme: &Theme) {
    let texts = app.game.move_texts();
    let positions = app.game.positions();
    let mut rows: Vec<String> = Vec::new();
    let mut number = 1;
    let mut current = String::new();
    for (i, t) in texts.iter().enumerate() {
        let captured = positions[i + 1].store(t.side) - positions[i].store(t.side);
        let word = if captured > 0 {
            format!("{}+{captured}", t.letter())
        } else {
            t.letter().to_string()
        };
        if t.side == Side::South || i == 0 {
            if !current.is_empty() {
                rows.push(std::mem::take(&mut current));
            }
            let dots = if t.side == Side::North { "..." } else { "." };
            current = format!("{number:>3}{dots} {word:<5}");
        } else {
            current.push_str(&format!(" {word}"));
        }
        if t.side == Side::North {
            number += 1;
        }
    }
    if !current.is_empty() {
        rows.push(current);
    }
    if let Some(o) = app.game.outcome() {
        rows.push(format!("    {}-{}", o.scores.south, o.scores.north));
    }
    let inner_h = usize::from(area.height.saturating_sub(2));
    let skip = rows.len().saturating_sub(inner_h);
    let lines: Vec<Line> = rows.into_iter().skip(skip).map(Line::from).collect();
    let title = match app.online().map_or(0, |o| o.chat.unread) {
        0 => format!(" {} ", tr("pane-moves")),
        n => format!(" {} ", t("term-pane-moves-chat", &[("count", n.into())])),
    };
    frame.render_widget(
        Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(title)),
        area,
    );
}

/// `text` cut into lines of at most `width` columns on screen (at spaces where it can).
fn wrap(text: &str, width: usize) -> Vec<String> {
    use unicode_width::UnicodeWidthChar;
    let width = width.max(2);
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = c.width().unwrap_or(0);
        if used + w > width {
            // Back to the last space, when the line has one.
            match line.rfind(' ').filter(|&i| i > 0) {
                Some(i) => {
                    let rest = line[i + 1..].to_string();
                    line.truncate(i);
                    lines.push(std::mem::replace(&mut line, rest));
                    used = line.chars().map(|c| c.width().unwrap_or(0)).sum();
                }
                None => {
                    lines.push(std::mem::take(&mut line));
                    used = 0;
                }
            }
        }
        line.push(c);
        used += w;
    }
    lines.push(line);
    lines
}

/// The chat pane, in place of the moves: the latest messages (a spectator's marked), then the
/// message being typed.
fn draw_chat(o: &Online, frame: &mut Frame, area: Rect, theme: &Theme) {
    let width = usize::from(area.width.saturating_sub(2));
    let height = usize::from(area.height.saturating_sub(2));
    let mut input: Vec<Line> = wrap(&format!("> {}_", o.chat.draft), width)
        .into_iter()
        .map(|l| {
            Line::from(Span::styled(
                l,
                Style::default().add_modifier(Modifier::BOLD),
            ))
        })
        .collect();
    // The end of a long draft when it does not fit.
    let keep = input.len().min(height.saturating_sub(1).max(1));
    input.drain(..input.len() - keep);
    let room = height.saturating_sub(input.len() + 1);
    let mut lines: Vec<Line> = Vec::new();
    for m in o.chat.messages.iter().rev() {
        if lines.len() >= room {
            break;
        }
        let style = match m.room {
            crate::wire::ChatRoom::Players => Style::default(),
            crate::wire::ChatRoom::Spectators => theme.dim(),
        };
        let text = format!("{}: {}", crate::app::who(m), m.text);
        for l in wrap(&text, width).into_iter().rev() {
            lines.push(Line::from(Span::styled(l, style)));
        }
    }
    lines.truncate(room);
    lines.reverse();
    if o.chat.messages.is_empty() {
        lines.push(Line::from(Span::styled(
            tr("term-chat-no-messages"),
            theme.dim(),
        )));
    }
    while lines.len() < room {
        lines.insert(0, Line::default());
    }
    lines.push(Line::default());
    lines.extend(input);
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::default()
                .borders(Borders::ALL)
                .title(format!(" {} ", tr("term-pane-chat"))),
        ),
        area,
    );
}

fn draw_help(app: &App, frame: &mut Frame, r: Rect, theme: &Theme) {
    frame.render_widget(Clear, r);
    let keys = if app.online().is_some() {
        "help-keys-online"
    } else {
        "help-keys-local"
    };
    let text = format!("{}\n\n{}\n{}", tr("help-rules"), tr(keys), tr("help-close"));
    let mut lines: Vec<Line> = text.lines().map(|l| Line::from(l.to_string())).collect();
    lines.insert(
        0,
        Line::from(Span::styled(
            t(
                "help-in-game",
                &[("rules", app.game.rules().to_string().into())],
            ),
            theme.title(),
        )),
    );
    frame.render_widget(
        Paragraph::new(lines).wrap(Wrap { trim: false }).block(
            Block::default()
                .borders(Borders::ALL)
                .title(format!(" {} ", tr("pane-help"))),
        ),
        r,
    );
}

/// The label `id` of the info pane's lines, padded so that the values line up (`position `);
/// the empty label is the padding alone.
fn label(id: &str) -> String {
    let text = if id.is_empty() { String::new() } else { tr(id) };
    format!("{text:<8}")
}
