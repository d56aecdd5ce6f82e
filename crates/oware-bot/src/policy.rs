//! Which challenges the bridge accepts: a pure function of the challenge, the config's
//! `[challenge]` table and the games in hand, so that every rule is tested without a server.

use crate::config::ChallengeConfig;
use crate::wire::{is_correspondence, Challenge, DeclineReason};

/// The answer to a challenge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// Accept it.
    Accept,
    /// Decline it, for this reason (the site's decline reasons: `generic`, `later`, `too-fast`,
    /// `too-slow`, `time-control`, `rated` "only casual games", `casual` "only rated games",
    /// `no-bot`, `only-bot`).
    Decline(DeclineReason),
}

/// The answer to `challenge` given the config and the games being played or accepted
/// (`in_hand`).
pub fn decide(challenge: &Challenge, config: &ChallengeConfig, in_hand: usize) -> Decision {
    use DeclineReason::*;
    let decline = Decision::Decline;
    if !config.accept {
        return decline(Generic);
    }
    let name = challenger_key(&challenge.challenger.name);
    if config.deny.iter().any(|d| challenger_key(d) == name)
        || (!config.allow.is_empty() && !config.allow.iter().any(|a| challenger_key(a) == name))
    {
        return decline(Generic);
    }
    if challenge.challenger.bot && !config.bots {
        return decline(NoBot);
    }
    if !challenge.challenger.bot && !config.people {
        return decline(OnlyBot);
    }
    if challenge.rated && !config.rated {
        return decline(Rated);
    }
    if !challenge.rated && !config.casual {
        return decline(Casual);
    }
    match challenge.clock {
        None if !config.unclocked => return decline(TimeControl),
        None => {}
        Some(c) if is_correspondence(c) && !config.correspondence => return decline(TimeControl),
        Some(c) if is_correspondence(c) => {}
        Some(c) => {
            if c.initial_s < config.min_initial_s || c.increment_s < config.min_increment_s {
                return decline(TooFast);
            }
            if c.initial_s > config.max_initial_s || c.increment_s > config.max_increment_s {
                return decline(TooSlow);
            }
        }
    }
    if in_hand >= config.max_games {
        return decline(Later);
    }
    Decision::Accept
}

/// Names compared without case.
fn challenger_key(name: &str) -> String {
    name.trim().to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::{ChallengeStatus, Clock, Player};
    use oware_protocol::ChallengeSide;
    use DeclineReason::*;

    fn challenge(rated: bool, clock: Option<(u64, u64)>) -> Challenge {
        Challenge {
            id: "c1".into(),
            status: ChallengeStatus::Created,
            challenger: Player {
                name: "Kofi".into(),
                ..Player::default()
            },
            target: Player {
                name: "bot".into(),
                bot: true,
                ..Player::default()
            },
            rated,
            clock: clock.map(|(initial_s, increment_s)| Clock {
                initial_s,
                increment_s,
            }),
            side: ChallengeSide::Random,
            created_ms: 0,
            expires_ms: 0,
            game_id: None,
            decline_reason: None,
        }
    }

    #[test]
    fn clocks_in_range_are_accepted_others_declined_with_the_reason() {
        let config = ChallengeConfig::default();
        let d = |clock| decide(&challenge(true, clock), &config, 0);
        assert_eq!(d(Some((180, 2))), Decision::Accept);
        assert_eq!(d(Some((60, 0))), Decision::Accept);
        assert_eq!(d(Some((1800, 30))), Decision::Accept);
        assert_eq!(d(Some((30, 0))), Decision::Decline(TooFast));
        assert_eq!(d(Some((1801, 0))), Decision::Decline(TooSlow));
        assert_eq!(d(Some((300, 31))), Decision::Decline(TooSlow));
        assert_eq!(d(None), Decision::Decline(TimeControl));
        assert_eq!(d(Some((86_400, 0))), Decision::Decline(TimeControl));
        let open = ChallengeConfig {
            unclocked: true,
            correspondence: true,
            min_increment_s: 1,
            ..ChallengeConfig::default()
        };
        assert_eq!(decide(&challenge(true, None), &open, 0), Decision::Accept);
        assert_eq!(
            decide(&challenge(true, Some((2 * 86_400, 0))), &open, 0),
            Decision::Accept
        );
        assert_eq!(
            decide(&challenge(true, Some((300, 0))), &open, 0),
            Decision::Decline(TooFast)
        );
    }

    #[test]
    fn rated_and_casual_follow_the_config() {
        let rated_only = ChallengeConfig {
            casual: false,
            ..ChallengeConfig::default()
        };
        let casual_only = ChallengeConfig {
            rated: false,
            ..ChallengeConfig::default()
        };
        let clock = Some((300, 3));
        assert_eq!(
            decide(&challenge(true, clock), &rated_only, 0),
            Decision::Accept
        );
        assert_eq!(
            decide(&challenge(false, clock), &rated_only, 0),
            Decision::Decline(Casual)
        );
        assert_eq!(
            decide(&challenge(false, clock), &casual_only, 0),
            Decision::Accept
        );
        assert_eq!(
            decide(&challenge(true, clock), &casual_only, 0),
            Decision::Decline(Rated)
        );
        assert_eq!(TooFast.name(), "too-fast");
    }

    #[test]
    fn games_in_hand_up_to_the_limit_then_later() {
        let config = ChallengeConfig {
            max_games: 2,
            ..ChallengeConfig::default()
        };
        let c = challenge(false, Some((300, 3)));
        assert_eq!(decide(&c, &config, 0), Decision::Accept);
        assert_eq!(decide(&c, &config, 1), Decision::Accept);
        assert_eq!(decide(&c, &config, 2), Decision::Decline(Later));
        assert_eq!(decide(&c, &config, 9), Decision::Decline(Later));
    }

    #[test]
    fn allow_and_deny_lists_bots_people_and_the_off_switch() {
        let c = challenge(true, Some((300, 3)));
        let deny = ChallengeConfig {
            deny: vec!["KOFI".into()],
            ..ChallengeConfig::default()
        };
        assert_eq!(decide(&c, &deny, 0), Decision::Decline(Generic));
        let allow_other = ChallengeConfig {
            allow: vec!["ama".into()],
            ..ChallengeConfig::default()
        };
        assert_eq!(decide(&c, &allow_other, 0), Decision::Decline(Generic));
        let no_bots = ChallengeConfig {
            bots: false,
            ..ChallengeConfig::default()
        };
        assert_eq!(decide(&c, &no_bots, 0), Decision::Accept);
        let mut from_bot = c.clone();
        from_bot.challenger.bot = true;
        assert_eq!(decide(&from_bot, &no_bots, 0), Decision::Decline(NoBot));
        let bots_only = ChallengeConfig {
            people: false,
            ..ChallengeConfig::default()
        };
        assert_eq!(decide(&c, &bots_only, 0), Decision::Decline(OnlyBot));
        assert_eq!(decide(&from_bot, &bots_only, 0), Decision::Accept);
        let allow = ChallengeConfig {
            allow: vec!["kofi".into()],
            ..ChallengeConfig::default()
        };
        assert_eq!(decide(&c, &allow, 0), Decision::Accept);
        let off = ChallengeConfig {
            accept: false,
            ..ChallengeConfig::default()
        };
        assert_eq!(decide(&c, &off, 0), Decision::Decline(Generic));
    }
}
