//! A player's new tournament: the request, its checks against the limits and the site's own
//! names, and the stored row.

use std::sync::Arc;

use super::{random_id, Kind, TournamentError, TournamentView, Tournaments};
use crate::accounts::User;
use crate::online::{ControlChecks, TimeControl};
use crate::store::tournaments::TournamentRow;

/// A player's new tournament (`POST /api/tournaments`).
pub use oware_protocol::NewTournament;

impl Tournaments {
    /// A player's tournament: checked against the limits, stored, answered.
    pub async fn create(
        self: &Arc<Self>,
        user: &User,
        req: NewTournament,
    ) -> Result<TournamentView, TournamentError> {
        let tables = self.tables();
        let kind = Kind::parse(&req.kind).ok_or_else(|| {
            TournamentError::invalid(
                "bad-kind",
                format!("kind must be arena or swiss, not \"{}\"", req.kind),
            )
        })?;
        let clock = TimeControl::checked(Some(req.initial_s), req.increment_s, self.min_initial_s)
            .map_err(|e| TournamentError::invalid("bad-clock", e.to_string()))?;
        let c = &self.config;
        let (minutes, rounds) = match kind {
            Kind::Arena => {
                let m = req.minutes.unwrap_or(60);
                if !(10..=c.max_minutes).contains(&m) {
                    return Err(TournamentError::invalid(
                        "bad-length",
                        format!("an arena lasts 10 to {} minutes, not {m}", c.max_minutes),
                    ));
                }
                (m, 0)
            }
            Kind::Swiss => {
                let r = req.rounds.unwrap_or(5);
                if !(1..=c.max_rounds).contains(&r) {
                    return Err(TournamentError::invalid(
                        "bad-length",
                        format!("a Swiss has 1 to {} rounds, not {r}", c.max_rounds),
                    ));
                }
                (0, r)
            }
        };
        let max_players = req.max_players.unwrap_or(c.max_players);
        if !(2..=c.max_players).contains(&max_players) {
            return Err(TournamentError::invalid(
                "bad-size",
                format!(
                    "a tournament takes 2 to {} players, not {max_players}",
                    c.max_players
                ),
            ));
        }
        let now = self.now();
        let starts_ms = req.starts_ms.unwrap_or(now + 5 * 60_000).max(now);
        if starts_ms > now + c.max_ahead.as_millis() as u64 {
            return Err(TournamentError::invalid(
                "bad-start",
                format!(
                    "a tournament starts within {} days",
                    c.max_ahead.as_secs() / 86_400
                ),
            ));
        }
        let name = crate::names::clean(req.name.as_deref().unwrap_or(""));
        if self.sounds_official(&name) {
            return Err(TournamentError::invalid(
                "bad-name",
                "that name is the site's own: only the site's scheduled tournaments may be \
                 called \"official\" or bear a scheduled tournament's name",
            ));
        }
        let name = if name.is_empty() {
            format!("{}'s {}", user.name, kind.name())
        } else {
            name
        };
        let open = tables.open_created_by(user.id.clone()).await?;
        if open >= c.per_player {
            return Err(TournamentError::refused(
                "too-many-tournaments",
                format!(
                    "you already have {open} tournaments that are not finished (at most {})",
                    c.per_player
                ),
            ));
        }
        let row = TournamentRow {
            id: random_id()?,
            kind: kind.name().to_string(),
            name,
            creator: user.id.clone(),
            schedule_key: String::new(),
            status: "created".into(),
            starts_ms,
            minutes,
            rounds,
            initial_s: clock.initial_s,
            increment_s: clock.increment_s,
            max_players,
            state: String::new(),
            version: 0,
            created_ms: now,
            ended_ms: 0,
        };
        let id = row.id.clone();
        tables.create_tournament(row).await?;
        self.view(&id, Some(user)).await
    }

    /// Whether a player's tournament name `name` would pass for one of the site's: it says
    /// "official", or holds a recurring tournament's name (letters and digits compared
    /// without case, spaces or punctuation).
    fn sounds_official(&self, name: &str) -> bool {
        let fold = |s: &str| -> String {
            s.chars()
                .filter(|c| c.is_alphanumeric())
                .flat_map(char::to_lowercase)
                .collect()
        };
        let name = fold(name);
        name.contains("official")
            || self.config.schedule.iter().any(|r| {
                let site = fold(&r.name);
                !site.is_empty() && name.contains(&site)
            })
    }
}
