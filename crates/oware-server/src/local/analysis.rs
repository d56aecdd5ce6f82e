//! Analyses and hints: one engine job per game (or per spectator), its results as `analysis` events.

use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use oware_core::{Move, PlayError};

use super::{busy, Local};
use crate::engine::AnalysisJob;
use crate::events::Event;
use crate::games::{GameError, Session};
use crate::view::{self};

/// A refusal of the budget: the whole server's ceiling is 503 `engine-busy` (as a full
/// analyses' queue), an address's or account's 429 with the limit's code.
fn full(e: crate::limits::LimitError) -> GameError {
    if e.code == "too-many-clients" {
        return GameError::Busy {
            retry_after_s: e.retry_after_s,
            message: e.message,
        };
    }
    super::limited(e)
}

impl Local {
    /// Starts an analysis of game `id` at `ply` (default: now), streaming `analysis` events; a
    /// new analysis of the same game stops the previous one. Answers the analysis number. Only
    /// the seat holder may ask (engine time is theirs to spend): `token` must be the game's.
    /// Online games: refused to their players while the game runs; spectators (no token) may.
    ///
    /// In an online game a spectator's analysis goes to that spectator's stream alone
    /// (`watcher`: the handle its first event gave); the players get none while the game
    /// runs, and once it is over theirs goes to the game's stream. A player is known by the
    /// seat's token, by the logged-in account `viewer` holding a seat, or by a stream handle
    /// that such an account opened: none of them gets a spectator's analysis of a live game.
    ///
    /// The analysis holds a place of the asker's in the budget (`ip`, and `viewer`'s account)
    /// until its search ends: [`crate::budget::Budget::hold_analysis`], the game (or the
    /// spectator's stream) being the slot, so that a new analysis of it shares the place of
    /// the one it stops.
    #[allow(clippy::too_many_arguments)]
    pub async fn analyse(
        &self,
        id: &str,
        token: Option<&str>,
        viewer: Option<&str>,
        watcher: Option<&str>,
        ip: Option<IpAddr>,
        ply: Option<usize>,
        movetime: Duration,
        purpose: &str,
    ) -> Result<u64, GameError> {
        let live = self.games.live(id).await?;
        // A place in the analyses' queue first: a full queue changes nothing.
        let ticket = self.engine.analysis_ticket().map_err(busy)?;
        let (game, seq, stop, events, hold) = {
            let mut s = live.lock().await;
            let during_play = || GameError::Forbidden {
                code: "no-analysis-during-play",
                message: "no analysis for the players while the game runs".into(),
            };
            let spectator = match &s.online {
                Some(o) => match o.side_of(token) {
                    Some(_) if o.is_live() => return Err(during_play()),
                    Some(_) => None,
                    None if o.seated_account(viewer) => return Err(during_play()),
                    None => {
                        let handle = s.watcher_handle(watcher)?;
                        let seated = s.watchers.get(&handle).is_some_and(|w| w.seated);
                        if seated && o.is_live() {
                            return Err(during_play());
                        }
                        Some(handle)
                    }
                },
                None => {
                    s.authorize(token)?;
                    None
                }
            };
            let played = s.game.moves().len();
            let ply = ply.unwrap_or(played);
            if ply > played {
                return Err(GameError::invalid(
                    "bad-ply",
                    format!(
                        "the game has only {}",
                        crate::text::count(played as u64, "move")
                    ),
                ));
            }
            let game = s.game.truncated(ply);
            if game.is_over() {
                return Err(s.illegal(&PlayError::GameOver));
            }
            let hold = match ip {
                Some(ip) => {
                    let slot = match &spectator {
                        Some(handle) => format!("{id}/{handle}"),
                        None => id.to_string(),
                    };
                    Some(self.budget.hold_analysis(ip, viewer, &slot).map_err(full)?)
                }
                None => None,
            };
            let stop = Arc::new(AtomicBool::new(false));
            s.analysis_seq += 1;
            let seq = s.analysis_seq;
            let events = match spectator {
                Some(handle) => {
                    let w = s
                        .watchers
                        .get_mut(&handle)
                        .ok_or_else(Session::no_watcher)?;
                    w.stop_analysis();
                    w.analysis = Some(Arc::clone(&stop));
                    w.events.clone()
                }
                None => {
                    if let Some(old) = s.analysis.take() {
                        old.store(true, Ordering::Relaxed);
                    }
                    s.analysis = Some(Arc::clone(&stop));
                    s.channel.sender()
                }
            };
            (game, seq, stop, events, hold)
        };
        let purpose = if purpose == "hint" {
            view::Purpose::Hint
        } else {
            view::Purpose::Analysis
        };
        let ply = game.moves().len();
        let side = game.position().turn();
        let report = move |info: &oware_engine::Info, best: Option<Option<Move>>| {
            // The place in the budget goes with the job: given back when the engine drops
            // this report, that is when the search ends (or the job is dropped unsearched).
            let _place = &hold;
            let ev = view::analysis_event(seq, purpose, ply, side, info, best);
            match serde_json::to_string(&ev) {
                Ok(data) => {
                    // No receivers is fine: nobody is watching.
                    let _ = events.send(Event::new("analysis", data));
                }
                Err(e) => tracing::warn!("an analysis report could not be written: {e}"),
            }
        };
        self.engine.analyse(
            ticket,
            AnalysisJob {
                game,
                movetime,
                stop,
            },
            report,
        );
        Ok(seq)
    }

    /// Stops the running analysis of game `id`, if any: the seat holder's (`token`; a player
    /// of an online game), or in an online game a spectator's own (`watcher`, its stream's
    /// handle), never someone else's.
    pub async fn stop_analysis(
        &self,
        id: &str,
        token: Option<&str>,
        watcher: Option<&str>,
    ) -> Result<(), GameError> {
        let (_, mut s) = self.games.hold(id).await?;
        match &s.online {
            Some(o) if o.side_of(token).is_some() => {}
            Some(_) => {
                let handle = s.watcher_handle(watcher)?;
                if let Some(w) = s.watchers.get_mut(&handle) {
                    w.stop_analysis();
                }
                return Ok(());
            }
            None => s.authorize(token)?,
        }
        if let Some(stop) = s.analysis.take() {
            stop.store(true, Ordering::Relaxed);
        }
        Ok(())
    }
}
