//! Pupils' accounts are safe by default (issue 56): a pupil whose teacher has not opened the
//! account meets only their class — the classmates and the teacher — and the computer. So
//! a closed pupil cannot chat with anyone else (nor anyone else with them), play in the pools,
//! join or be joined by anyone else in an online game, send or receive challenges from anyone
//! else, or join a tournament but their class's arena; no one outside the class joins the
//! class's arena. Guests are strangers. The routes ask these checks before any work.

use super::{ClassError, Classes};
use crate::store::classes::PupilRow;

/// The answer when a closed pupil (or someone meeting one) is refused.
fn refused(what: &str) -> ClassError {
    ClassError::Safe(format!(
        "{what}: a pupil's account meets only its class and the computer until the teacher opens it"
    ))
}

impl Classes {
    /// Account `user` as a pupil whose account is not opened, if it is one.
    async fn closed_pupil(&self, user: Option<&str>) -> Result<Option<PupilRow>, ClassError> {
        let Some(user) = user else { return Ok(None) };
        Ok(self
            .store
            .classes()
            .pupil(user.to_string())
            .await?
            .filter(|p| !p.open))
    }

    /// Whether `other` (an account, `None` for a guest) is in pupil `p`'s class: a classmate
    /// or the teacher.
    async fn in_circle(&self, p: &PupilRow, other: Option<&str>) -> Result<bool, ClassError> {
        let Some(other) = other else { return Ok(false) };
        if other == p.user_id {
            return Ok(true);
        }
        if let Some(o) = self.store.classes().pupil(other.to_string()).await? {
            return Ok(o.class_id == p.class_id);
        }
        Ok(self
            .store
            .classes()
            .class(p.class_id.clone())
            .await?
            .is_some_and(|c| c.teacher == other))
    }

    /// Whether accounts `a` and `b` (`None`: a guest) may meet: a challenge between them.
    pub async fn may_meet(&self, a: Option<&str>, b: Option<&str>) -> Result<(), ClassError> {
        for (one, other) in [(a, b), (b, a)] {
            if let Some(p) = self.closed_pupil(one).await? {
                if !self.in_circle(&p, other).await? {
                    return Err(refused("this player is not in the class"));
                }
            }
        }
        Ok(())
    }

    /// Whether account `user` may go where anyone plays (the pools, a tournament that is not
    /// its class's arena): not a closed pupil.
    pub async fn may_go_public(&self, user: Option<&str>) -> Result<(), ClassError> {
        if self.closed_pupil(user).await?.is_some() {
            return Err(refused(
                "the pools and the lobby are closed to this account",
            ));
        }
        Ok(())
    }

    /// Whether account `user` may join tournament `tournament`: a class's arena takes its
    /// class only; a closed pupil joins only their class's arena.
    pub async fn may_join_tournament(
        &self,
        user: &str,
        tournament: &str,
    ) -> Result<(), ClassError> {
        let arena_of = self
            .store
            .classes()
            .class_of_arena(tournament.to_string())
            .await?;
        let pupil = self.store.classes().pupil(user.to_string()).await?;
        match arena_of {
            Some(class_id) => {
                let member = pupil.as_ref().is_some_and(|p| p.class_id == class_id)
                    || self
                        .store
                        .classes()
                        .class(class_id)
                        .await?
                        .is_some_and(|c| c.teacher == user);
                if !member {
                    return Err(ClassError::Safe(
                        "this arena is a class's: only its pupils and teacher play in it".into(),
                    ));
                }
                Ok(())
            }
            None if pupil.is_some_and(|p| !p.open) => {
                Err(refused("only the class's arena is open to this account"))
            }
            None => Ok(()),
        }
    }

    /// Whether account `joiner` (`None`: a guest) may take a seat in online game `game`,
    /// whose seats hold the accounts read from the store.
    pub async fn may_join_game(&self, joiner: Option<&str>, game: &str) -> Result<(), ClassError> {
        let Some(row) = self.store.load(game.to_string()).await? else {
            return Ok(());
        };
        let seats = [row.south_user, row.north_user];
        if let Some(p) = self.closed_pupil(joiner).await? {
            let mut ok = false;
            for s in seats.iter().flatten() {
                ok |= self.in_circle(&p, Some(s)).await?;
            }
            if !ok {
                return Err(refused("this game is not with the class"));
            }
        }
        for s in seats.iter().flatten() {
            if Some(s.as_str()) == joiner {
                continue;
            }
            if let Some(p) = self.closed_pupil(Some(s)).await? {
                if !self.in_circle(&p, joiner).await? {
                    return Err(refused("this game is a pupil's"));
                }
            }
        }
        Ok(())
    }

    /// Whether account `poster` (`None`: a guest) may write in online game `game`'s chat: a
    /// closed pupil writes only where every seat holds their class; no one else writes where
    /// a closed pupil sits.
    pub async fn may_chat(&self, poster: Option<&str>, game: &str) -> Result<(), ClassError> {
        let Some(row) = self.store.load(game.to_string()).await? else {
            return Ok(());
        };
        let seats = [row.south_user, row.north_user];
        if let Some(p) = self.closed_pupil(poster).await? {
            for s in &seats {
                if s.as_deref() == poster {
                    continue;
                }
                if !self.in_circle(&p, s.as_deref()).await? {
                    return Err(refused("the chat is closed with players outside the class"));
                }
            }
        }
        for s in seats.iter().flatten() {
            if Some(s.as_str()) == poster {
                continue;
            }
            if let Some(p) = self.closed_pupil(Some(s)).await? {
                if !self.in_circle(&p, poster).await? {
                    return Err(refused(
                        "a pupil plays here: the chat is closed to strangers",
                    ));
                }
            }
        }
        Ok(())
    }
}
