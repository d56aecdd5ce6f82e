//! Games on one device (against the computer or a friend at the same screen): create, play,
//! undo, redo, the OGN record, and the versioned write that saves every change.

use std::fmt;
use std::sync::Arc;

use oware_core::{fen, ogn, BySide, Game, Move, PlayError, Rules, Side};
use oware_engine::Level;
use tokio::sync::{Mutex, OwnedMutexGuard};

use super::error::GameError;
use super::session::{clean_name, default_names, Session};
use super::{busy, random_hex, replay, Games, Live};
use crate::online::Online;
use crate::store::{GameRow, GameUpdate, StoreError};
use crate::view::{self, MoveDetailView, StateView};

/// Who plays against the seat-token holder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opponent {
    /// The engine at this level.
    Computer(Level),
    /// A friend on the same device: the token holder plays both sides.
    Friend,
    /// A person on another device (see `online/`).
    Online,
}

impl Opponent {
    /// `friend` or the level's name.
    pub fn name(self) -> &'static str {
        match self {
            Opponent::Computer(l) => l.name(),
            Opponent::Friend => "friend",
            Opponent::Online => "online",
        }
    }

    pub(super) fn parse(s: &str) -> Result<Opponent, GameError> {
        if s.trim().eq_ignore_ascii_case("friend") {
            return Ok(Opponent::Friend);
        }
        if s.trim().eq_ignore_ascii_case("online") {
            return Ok(Opponent::Online);
        }
        s.parse::<Level>().map(Opponent::Computer).map_err(|_| {
            GameError::invalid(
                "bad-opponent",
                format!("unknown opponent '{s}' (expected easy, medium, hard, expert or friend)"),
            )
        })
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
        })
    }
}

/// A move as the request gave it: a letter or a pit number.
#[derive(Debug, Clone, Copy)]
pub enum MoveInput<'a> {
    /// A letter of the side to move (`A`–`F` for South, `a`–`f` for North).
    Text(&'a str),
    /// The side to move's pit, 0–5 from its left.
    Pit(i64),
}

/// What a move request answers.
pub struct MoveReply {
    /// What the move did, seed by seed.
    pub detail: MoveDetailView,
    /// The game after it.
    pub state: StateView,
}

/// A new game's id, seat token and state.
pub struct Created {
    /// The public id.
    pub id: String,
    /// The secret seat token.
    pub token: String,
    /// The state.
    pub state: StateView,
}

impl Games {
    /// Creates a game on one device (against the computer or a friend).
    pub async fn create(self: &Arc<Self>, req: NewGame) -> Result<Created, GameError> {
        if req.opponent == Opponent::Online {
            return Err(GameError::Internal(
                "online games are created by create_online".into(),
            ));
        }
        let bad_ogn = |e: &dyn fmt::Display| GameError::invalid("bad-ogn", e.to_string());
        let game = match &req.ogn {
            Some(text) => {
                let record = ogn::parse(text).map_err(|e| bad_ogn(&e))?;
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
            if game.position().turn() != human && !game.is_over() {
                self.engine.reply_room(level).map_err(busy)?;
            }
        }
        // An imported record keeps its moves (so they can be replayed and undone).
        let row = GameRow {
            id: random_hex(16)?,
            token: random_hex(24)?,
            opponent: req.opponent.name().to_string(),
            human: human.char().to_string(),
            rules: game.rules().to_string(),
            start: fen::write(game.start()),
            moves: Session::row_moves(&game),
            redo: String::new(),
            version: 1,
            south_name: names.south.clone(),
            north_name: names.north.clone(),
            online: String::new(),
            online_status: String::new(),
            south_user: None,
            north_user: None,
        };
        self.store.insert(row.clone()).await?;
        // Normalise: a game from a record is the same whether fresh or reloaded.
        let game = replay(*game.start(), *game.rules(), &row.moves).map_err(GameError::Internal)?;
        let session = Session::from_row(&row, game, Vec::new(), self.now())?;
        let state = self.view(&session);
        let computer = session.computer_to_move();
        let live = self.remember(row.id.clone(), Arc::new(Mutex::new(session)));
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

impl Games {
    /// Stores `game` and `redo` as the next version of `s`, then (only then) applies them in
    /// memory. A lost race drops the cached copy and answers [`GameError::Conflict`].
    pub(super) async fn persist(
        &self,
        s: &mut Session,
        game: Game,
        redo: Vec<Move>,
    ) -> Result<(), GameError> {
        let online = s.online.clone();
        self.persist_all(s, game, redo, online).await
    }

    /// [`Games::persist`] with a new online part.
    pub(super) async fn persist_all(
        &self,
        s: &mut Session,
        game: Game,
        redo: Vec<Move>,
        online: Option<Online>,
    ) -> Result<(), GameError> {
        self.persist_with(s, game, redo, online, None).await
    }

    /// [`Games::persist_all`], and when `new` is given that game inserted in the same
    /// transaction (a rematch).
    pub(super) async fn persist_with(
        &self,
        s: &mut Session,
        game: Game,
        redo: Vec<Move>,
        online: Option<Online>,
        new: Option<GameRow>,
    ) -> Result<(), GameError> {
        let (online_text, online_status, [south_user, north_user]) =
            online_columns(online.as_ref())?;
        let update = GameUpdate {
            id: s.id.clone(),
            from_version: s.version,
            moves: Session::row_moves(&game),
            redo: Session::row_redo(&game, &redo),
            online: online_text,
            online_status,
            south_user,
            north_user,
        };
        let end = super::players::game_end(
            s.online.as_ref(),
            online.as_ref(),
            game.moves().len(),
            self.now(),
        );
        let finished = super::paired::finished_between(&s.id, s.online.as_ref(), online.as_ref());
        let written = match (new, end) {
            (Some(row), _) => self.store.update_and_insert(update, row).await,
            (None, Some(end)) => match self.store.accounts().finish(update, end).await {
                Ok(lines) => {
                    s.players = lines;
                    Ok(())
                }
                Err(e) => Err(e),
            },
            (None, None) => self.store.update(update).await,
        };
        match written {
            Ok(()) => {
                self.tell_finished(finished);
                s.game = game;
                s.redo = redo;
                s.online = online;
                s.version += 1;
                s.engine_error = None;
                // A proposal of the computer's is about the position it was made in.
                s.cycle_offer = None;
                Ok(())
            }
            Err(e @ StoreError::Conflict { .. }) if self.store.shared() => {
                // Another instance wrote first: its notice (or the next request's version
                // check) refreshes this copy in place, keeping its watchers.
                tracing::info!(game = %s.id, "{e}");
                Err(e.into())
            }
            Err(e @ StoreError::Conflict { .. }) => {
                tracing::info!(game = %s.id, "{e}; the cached copy is dropped");
                self.forget(&s.id);
                Err(e.into())
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Plays the token holder's move in game `id`.
    pub async fn play(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        input: MoveInput<'_>,
    ) -> Result<MoveReply, GameError> {
        let live = self.live(id).await?;
        let mut s = live.lock().await;
        if s.online.is_some() {
            return self.play_online(&live, &mut s, token, input).await;
        }
        s.authorize(token)?;
        let pos = *s.game.position();
        if s.game.is_over() {
            return Err(s.illegal(&PlayError::GameOver));
        }
        if s.computer_to_move() {
            return Err(Session::not_your_turn());
        }
        let m = s.parse_move(input)?;
        let explained = pos.explain(m, s.game.rules()).map_err(|e| s.illegal(&e))?;
        let mut game = s.game.clone();
        game.play(m).map_err(|e| s.illegal(&e))?;
        if let Opponent::Computer(level) = s.opponent {
            // The reply must have a place in the engine's queue, else the move is refused.
            if !game.is_over() {
                self.engine.reply_room(level).map_err(busy)?;
            }
        }
        let ply = game.moves().len();
        self.persist(&mut s, game, Vec::new()).await?;
        let detail = view::move_detail(ply, &pos, m, &explained);
        let state = self.view(&s);
        self.publish_update(&s, Some(&detail), "move", Some(&state));
        if s.computer_to_move() {
            self.spawn_computer(Arc::clone(&live));
        }
        Ok(MoveReply { detail, state })
    }

    /// Game `id`'s session, locked, for the token's holder; refused for an online game (its
    /// takebacks are offers to the opponent).
    async fn own_local(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
    ) -> Result<(Live, OwnedMutexGuard<Session>), GameError> {
        let live = self.live(id).await?;
        let s = Arc::clone(&live).lock_owned().await;
        s.not_online()?;
        s.authorize(token)?;
        Ok((live, s))
    }

    /// Takes back the last move (against the computer: back to the token holder's last turn).
    pub async fn undo(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
    ) -> Result<StateView, GameError> {
        let (_, mut s) = self.own_local(id, token).await?;
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
        self.persist(&mut s, game, redo).await?;
        s.thinking = false; // a reply being computed is now stale (version changed)
        let state = self.view(&s);
        self.publish_update(&s, None, "undo", Some(&state));
        Ok(state)
    }

    /// Replays the next undone move (against the computer: your move and its reply).
    pub async fn redo(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
    ) -> Result<StateView, GameError> {
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
        self.persist(&mut s, game, redo).await?;
        let state = self.view(&s);
        self.publish_update(&s, None, "redo", Some(&state));
        if s.computer_to_move() {
            self.spawn_computer(Arc::clone(&live));
        }
        Ok(state)
    }

    /// The OGN record of game `id`.
    pub async fn ogn(self: &Arc<Self>, id: &str) -> Result<String, GameError> {
        let live = self.live(id).await?;
        let s = live.lock().await;
        Ok(s.ogn())
    }
}

/// The accounts in a game's seats (South, North), as the store's columns.
type SeatUsers = [Option<String>; 2];

/// The store's columns of a game's online part: its JSON, its status and the accounts in its
/// seats (empty texts and no accounts for a game on one device).
pub(super) fn online_columns(
    online: Option<&Online>,
) -> Result<(String, String, SeatUsers), GameError> {
    let Some(o) = online else {
        return Ok(Default::default());
    };
    Ok((
        serde_json::to_string(o).map_err(|e| GameError::Internal(e.to_string()))?,
        o.status.name().to_string(),
        [o.south.user.clone(), o.north.user.clone()],
    ))
}
