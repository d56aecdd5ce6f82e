//! Games on one device (lila has no such thing; lichess's "play with the computer" and "over
//! the board"): against the computer or a friend at the same screen. Creating them, moves,
//! undo and redo, the OGN record; the computer's reply (`computer.rs`), ending a game as a cycle
//! by agreement (`cycle.rs`), analyses and hints of any game (`analysis.rs`).

mod analysis;
mod computer;
mod cycle;

use std::fmt;
use std::sync::{Arc, Weak};

use oware_core::{BySide, Game, PlayError, Rules, Side};
use tokio::sync::Mutex;

use crate::engine::{EngineError, EngineJobs};
use crate::games::{
    clean_name, default_names, random_hex, Change, Created, Follower, GameError, Games, Held, Live,
    MoveInput, MoveReply, Opponent, Session, Touch,
};
use crate::online::OnlineConfig;
use crate::store::Store;
use crate::view::{self, StateView};

/// A job the engine refused because its queue is full, as the answer to the request.
pub(crate) fn busy(e: EngineError) -> GameError {
    GameError::Busy {
        retry_after_s: e.retry_after_s(),
        message: e.to_string(),
    }
}

/// A refusal of the budget as the answer to the request (429 with the limit's code).
pub(crate) fn limited(e: crate::limits::LimitError) -> GameError {
    GameError::TooMany {
        code: e.code,
        message: e.message,
        retry_after_s: e.retry_after_s,
    }
}

/// Games on one device, and analyses: what they need, given by the wiring (`env.rs`).
pub struct Local {
    /// Itself, for the tasks it starts (the computer's replies).
    me: Weak<Local>,
    games: Arc<Games>,
    store: Arc<dyn Store>,
    engine: Arc<EngineJobs>,
    online: OnlineConfig,
    /// The budget: a move that asks the computer for a reply is an engine job of its address.
    budget: Arc<crate::budget::Budget>,
}

impl Follower for Local {
    fn touched(&self, live: &Live, s: &Session, touch: Touch) {
        let retry = match touch {
            Touch::Loaded | Touch::Refreshed | Touch::Changed => true,
            // A failed reply is tried again when the state is read.
            Touch::Read => !s.thinking && s.engine_error.is_some(),
            Touch::Watched => false,
        };
        if retry && s.computer_to_move() {
            self.spawn_computer(Arc::clone(live));
        }
    }
}

/// Settings of a new game (already parsed from the request).
#[derive(Debug, Clone)]
pub struct NewGame {
    /// The opponent.
    pub opponent: Opponent,
    /// The human's side against the computer; `None` = South, or the side to move after an
    /// imported record.
    pub human: Option<Side>,
    /// The rules; `None` = abapa, or the record's rules.
    pub rules: Option<Rules>,
    /// An OGN record to start from (its start position and moves).
    pub ogn: Option<String>,
    /// Player names (South, North), empty for the defaults.
    pub names: BySide<String>,
    /// Against the computer: the page plays the computer's moves (its own engine) and the
    /// server never searches them (`Session::page_plays`).
    pub page_engine: bool,
}

impl NewGame {
    /// Parses the text fields of a request.
    pub fn parse(
        opponent: &str,
        human: Option<&str>,
        rules: Option<&str>,
        ogn: Option<String>,
        names: BySide<String>,
    ) -> Result<NewGame, GameError> {
        let human = human
            .map(|h| {
                h.parse::<Side>()
                    .map_err(|e| GameError::invalid("bad-side", e.to_string()))
            })
            .transpose()?;
        let rules = rules
            .map(|r| {
                r.parse::<Rules>()
                    .map_err(|e| GameError::invalid("bad-rules", e.to_string()))
            })
            .transpose()?;
        Ok(NewGame {
            opponent: Opponent::parse(opponent)?,
            human,
            rules,
            ogn,
            names,
            page_engine: false,
        })
    }
}

impl Local {
    /// Games on one device in `games`, their replies and analyses on `engine`.
    pub(crate) fn new(
        games: Arc<Games>,
        store: Arc<dyn Store>,
        engine: Arc<EngineJobs>,
        online: OnlineConfig,
        budget: Arc<crate::budget::Budget>,
    ) -> Arc<Local> {
        Arc::new_cyclic(|me| Local {
            me: me.clone(),
            games,
            store,
            engine,
            online,
            budget,
        })
    }

    /// Creates a game on one device (against the computer or a friend).
    pub async fn create(&self, req: NewGame) -> Result<Created, GameError> {
        if req.opponent == Opponent::Online {
            return Err(GameError::Internal(
                "online games are created by create_online".into(),
            ));
        }
        let bad_ogn = |e: &dyn fmt::Display| GameError::invalid("bad-ogn", e.to_string());
        let game = match &req.ogn {
            Some(text) => {
                let (record, _) = oware_core::record::parse_any(text).map_err(|e| {
                    if oware_core::playstrategy::is_playstrategy(text) {
                        GameError::invalid("bad-record", e.to_string())
                    } else {
                        bad_ogn(&e)
                    }
                })?;
                let rules = match req.rules {
                    Some(r) => r,
                    None => record.rules().map_err(|e| bad_ogn(&e))?,
                };
                record.to_game_with(rules).map_err(|e| bad_ogn(&e))?
            }
            None => Game::new(req.rules.unwrap_or_default()),
        };
        let human = match (req.opponent, req.human) {
            (Opponent::Friend, _) => Side::South,
            (_, Some(h)) => h,
            (_, None) if req.ogn.is_some() => game.position().turn(),
            (_, None) => Side::South,
        };
        let mut names = default_names(req.opponent, human);
        for side in Side::ALL {
            let n = clean_name(&req.names[side]);
            if !n.is_empty() {
                names[side] = n;
            }
        }
        if let Opponent::Computer(level) = req.opponent {
            // The computer moves first: its reply needs a place in the engine's queue.
            if game.position().turn() != human && !game.is_over() && !req.page_engine {
                self.engine.reply_room(level).map_err(busy)?;
            }
        }
        // An imported record keeps its moves (so they can be replayed and undone).
        let row = crate::games::local_row(
            random_hex(16)?,
            random_hex(24)?,
            req.opponent,
            human,
            &game,
            &names,
        );
        self.store.insert(row.clone()).await?;
        // Normalise: a game from a record is the same whether fresh or reloaded.
        let game = crate::games::replay(*game.start(), *game.rules(), &row.moves)
            .map_err(GameError::Internal)?;
        let mut session = Session::from_row(&row, game, Vec::new(), self.games.now())?;
        session.page_plays = req.page_engine;
        let state = self.games.view(&session);
        let computer = session.computer_to_move() && !session.page_plays;
        let live = self
            .games
            .remember(row.id.clone(), Arc::new(Mutex::new(session)));
        tracing::debug!(game = %row.id, opponent = row.opponent, "game created");
        if computer {
            self.spawn_computer(live);
        }
        Ok(Created {
            id: row.id,
            token: row.token,
            state,
        })
    }
}

impl Local {
    /// Plays the token holder's move in game `s` (`live`), locked by the caller (the moves'
    /// route is `round/`'s, which hands a game on one device over).
    pub(crate) async fn play_locked(
        &self,
        live: &Live,
        s: &mut Session,
        token: Option<&str>,
        input: MoveInput<'_>,
        ip: Option<std::net::IpAddr>,
    ) -> Result<MoveReply, GameError> {
        s.authorize(token)?;
        let pos = *s.game.position();
        if s.game.is_over() {
            return Err(s.illegal(&PlayError::GameOver));
        }
        // The page that plays the computer's moves sends them with the seat token too.
        if s.computer_to_move() && !s.page_plays {
            return Err(Session::not_your_turn());
        }
        let m = s.parse_move(input)?;
        let explained = pos.explain(m, s.game.rules()).map_err(|e| s.illegal(&e))?;
        let mut game = s.game.clone();
        game.play(m).map_err(|e| s.illegal(&e))?;
        let mut hold = None;
        if let (Opponent::Computer(level), false) = (s.opponent, s.page_plays) {
            // The reply must have a place in the engine's queue, else the move is refused.
            if !game.is_over() {
                self.engine.reply_room(level).map_err(busy)?;
                // The reply is engine work of the mover's address, counted as any other: a
                // start in its window, and a place among its replies in the engine until
                // this one ends.
                if let Some(ip) = ip {
                    let held = self.budget.hold_engine_reply(ip).map_err(limited)?;
                    self.budget.start_engine_job(ip).map_err(limited)?;
                    hold = Some(held);
                }
            }
        }
        let detail = view::move_detail(game.moves().len(), &pos, m, &explained);
        let mut change = Change::local(game, Vec::new())
            .with_detail(detail.clone())
            .whole_state();
        if hold.is_some() {
            change = change.then(move |s| s.engine_hold = hold);
        }
        let state = self.games.commit(live, s, change, "move").await?;
        let state = state.unwrap_or_else(|| self.games.view(s));
        Ok(MoveReply { detail, state })
    }

    /// Game `id`'s session, locked, for the token's holder; refused for an online game (its
    /// takebacks are offers to the opponent).
    async fn own_local(&self, id: &str, token: Option<&str>) -> Result<(Live, Held), GameError> {
        let (live, s) = self.games.hold(id).await?;
        s.not_online()?;
        s.authorize(token)?;
        Ok((live, s))
    }

    /// Takes back the last move (against the computer: back to the token holder's last turn).
    pub async fn undo(&self, id: &str, token: Option<&str>) -> Result<StateView, GameError> {
        let (live, mut s) = self.own_local(id, token).await?;
        let mut game = s.game.clone();
        let mut redo = s.redo.clone();
        let computer = s.against_computer();
        while let Some(m) = game.undo() {
            redo.push(m);
            if !computer || game.position().turn() == s.human {
                break;
            }
        }
        if game.moves().len() == s.game.moves().len()
            || (computer && game.position().turn() != s.human)
        {
            return Err(GameError::refused(
                "nothing-to-undo",
                "there is no move of yours to take back",
            ));
        }
        let change = Change::local(game, redo).whole_state();
        let state = self.games.commit(&live, &mut s, change, "undo").await?;
        Ok(state.unwrap_or_else(|| self.games.view(&s)))
    }

    /// Replays the next undone move (against the computer: your move and its reply).
    pub async fn redo(&self, id: &str, token: Option<&str>) -> Result<StateView, GameError> {
        let (live, mut s) = self.own_local(id, token).await?;
        if s.redo.is_empty() {
            return Err(GameError::refused(
                "nothing-to-redo",
                "there is no move to redo",
            ));
        }
        if s.computer_to_move() {
            return Err(Session::not_your_turn());
        }
        let mut game = s.game.clone();
        let mut redo = s.redo.clone();
        let computer = s.against_computer();
        while let Some(m) = redo.pop() {
            if let Err(e) = game.play(m) {
                tracing::warn!(game = %s.id, "redo list cut at an illegal move: {e}");
                redo.clear();
                break;
            }
            if !computer || game.is_over() || game.position().turn() == s.human {
                break;
            }
        }
        let change = Change::local(game, redo).whole_state();
        let state = self.games.commit(&live, &mut s, change, "redo").await?;
        Ok(state.unwrap_or_else(|| self.games.view(&s)))
    }

    /// The OGN record of game `id`.
    pub async fn ogn(&self, id: &str) -> Result<String, GameError> {
        let (_, s) = self.games.hold(id).await?;
        Ok(s.ogn())
    }
}
