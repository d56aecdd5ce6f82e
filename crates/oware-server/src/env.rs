//! The wiring (lila's `Env`): the one place that builds the store's users, the engine's users
//! and every service once, each given what it needs (accounts, players, pools and tournaments
//! too). Nothing else builds a service; a handler reaches its service through `http::Shared`,
//! which holds what [`Env`] built. What runs on its own (the pools' pairing pass, the
//! tournaments' waves) is started by `lib.rs` once the server listens.

use std::sync::{Arc, Weak};

use crate::accounts::{Accounts, Hasher};
use crate::bot::{Bots, Play};
use crate::budget::Budget;
use crate::chat::Chats;
use crate::classes::Classes;
use crate::egdb_files::LevelFiles;
use crate::egdb_view::Tables;
use crate::engine::EngineJobs;
use crate::games::{Follower, Games};
use crate::house::{House, HouseConfig};
use crate::learn::Learn;
use crate::limits::ServerLimits;
use crate::lobby::Lobby;
use crate::local::Local;
use crate::online::OnlineConfig;
use crate::players::Players;
use crate::pool::{Pools, StandIn};
use crate::review::Reviews;
use crate::round::Round;
use crate::search::GameSearch;
use crate::store::Store;
use crate::time::Clock;
use crate::tournament::{TournamentConfig, Tournaments};
use crate::training::Training;
use crate::tv::Tv;

/// The settings of the services: online games, the house bots, the tournaments.
#[derive(Clone, Default)]
pub(crate) struct Settings {
    pub online: OnlineConfig,
    pub house: HouseConfig,
    pub tournaments: TournamentConfig,
}

/// The services of a server, built once on one store, engine and clock.
pub(crate) struct Env {
    /// Where everything is kept.
    pub store: Arc<dyn Store>,
    /// Every count a client can grow (`budget/`), asked by the routes and the services.
    pub budget: Arc<Budget>,
    /// The engine's lanes (replies, analyses, reviews).
    pub engine: Arc<EngineJobs>,
    /// The live games (the cache and repository).
    pub games: Arc<Games>,
    /// The open challenges.
    pub lobby: Arc<Lobby>,
    /// Games on one device, the computer's replies, analyses.
    pub local: Arc<Local>,
    /// Online play.
    pub round: Arc<Round>,
    /// Online games' chats.
    pub chat: Arc<Chats>,
    /// Game reviews.
    pub reviews: Arc<Reviews>,
    /// Bots: challenges, account events, a bot's actions.
    pub bots: Arc<Bots>,
    /// The house bots (none unless the operator runs them).
    pub house: Arc<House>,
    /// Rated puzzles (`/training`).
    pub training: Arc<Training>,
    /// The lessons of `/learn` and the accounts' stars.
    pub learn: Arc<Learn>,
    /// The games in play (TV, `/games`).
    pub tv: Arc<Tv>,
    /// Game search (it follows the games to record their ends).
    pub search: Arc<GameSearch>,
    /// Teachers' classes, their pupils and work (`/api/classes…`), the worksheets.
    pub classes: Arc<Classes>,
    /// Accounts: sign-up, log-in, sessions, tokens.
    pub accounts: Arc<Accounts>,
    /// Players' profiles and leaderboards.
    pub players: Arc<Players>,
    /// Quick pairing.
    pub pools: Arc<Pools>,
    /// Arenas and Swiss tournaments.
    pub tournaments: Arc<Tournaments>,
    /// The endgame table levels the page downloads (`/api/egdb/…`).
    pub egdb_files: Arc<LevelFiles>,
}

impl Env {
    /// Builds the games and their services on `store`, `engine` (with the endgame tables
    /// `egdb` for the page's values), the `settings` of online games, the house bots and the
    /// tournaments, the budget's numbers `limits`, and `clock`. The services
    /// that keep work for live games (the lobby, online play's timers, the computer's replies)
    /// are set as the games' followers.
    pub(crate) fn new(
        store: Arc<dyn Store>,
        engine: EngineJobs,
        egdb: Option<Tables>,
        settings: Settings,
        limits: &ServerLimits,
        clock: Arc<dyn Clock>,
    ) -> Env {
        let Settings {
            online,
            house,
            tournaments,
        } = settings;
        let engine = Arc::new(engine);
        let egdb_files = Arc::new(LevelFiles::new(egdb.as_ref()));
        let budget = Arc::new(Budget::new(limits, &online, Arc::clone(&clock)));
        let review_lease = online.review_lease;
        let work_lease = online.work_lease;
        let games = Games::new(
            Arc::clone(&store),
            egdb.map(Arc::new),
            online.clone(),
            Arc::clone(&clock),
        );
        let lobby = Arc::new(Lobby::new(&online, Arc::clone(&clock)));
        let local = Local::new(
            Arc::clone(&games),
            Arc::clone(&store),
            Arc::clone(&engine),
            online.clone(),
            Arc::clone(&budget),
        );
        let round = Round::new(
            Arc::clone(&games),
            Arc::clone(&store),
            Arc::clone(&clock),
            Arc::clone(&local),
            Arc::clone(&lobby),
            online,
            Arc::clone(&budget),
        );
        let chat = Arc::new(Chats::new(
            Arc::clone(&games),
            Arc::clone(&store),
            Arc::clone(&clock),
        ));
        let play = Play {
            store: Arc::clone(&store),
            clock: Arc::clone(&clock),
            games: Arc::clone(&games),
            round: Arc::clone(&round),
        };
        let bots = Bots::new(play.clone(), Arc::clone(&chat));
        let house = House::new(
            house,
            play,
            Arc::clone(&engine),
            Arc::clone(&bots),
            work_lease,
        );
        let reviews = Reviews::new(
            Arc::clone(&games),
            Arc::clone(&store),
            Arc::clone(&engine),
            review_lease,
        );
        // In the order their work on a change was always done: the lobby's entry, the flag's
        // timer, the computer's reply.
        let lobby_follows: Weak<dyn Follower> = Arc::downgrade(&lobby) as Weak<dyn Follower>;
        let round_follows: Weak<dyn Follower> = Arc::downgrade(&round) as Weak<dyn Follower>;
        let local_follows: Weak<dyn Follower> = Arc::downgrade(&local) as Weak<dyn Follower>;
        // TV's list of the games in play follows them last (it only reads them).
        let tv = Arc::new(Tv::new(Arc::clone(&clock)));
        let tv_follows: Weak<dyn Follower> = Arc::downgrade(&tv) as Weak<dyn Follower>;
        let search = Arc::new(GameSearch::new(Arc::clone(&store), Arc::clone(&clock)));
        let search_follows: Weak<dyn Follower> = Arc::downgrade(&search) as Weak<dyn Follower>;
        games.follow(vec![
            lobby_follows,
            round_follows,
            local_follows,
            tv_follows,
            search_follows,
        ]);
        let training = Training::new(Arc::clone(&store), Arc::clone(&clock), limits.puzzle_pace);
        let learn = Arc::new(Learn::new(Arc::clone(&store), Arc::clone(&clock)));
        let classes = Arc::new(Classes::new(
            Arc::clone(&store),
            Arc::clone(&clock),
            Arc::clone(&budget),
            Arc::clone(&training),
        ));
        // Password hashing: half the cores (at least one) so that log-ins never take every core
        // from the games, and a short queue beyond which a log-in is refused with 503.
        let hash_threads = (std::thread::available_parallelism().map_or(1, |n| n.get()) / 2).max(1);
        let accounts = Arc::new(Accounts::new(
            Arc::clone(&store),
            Hasher::new(hash_threads, 32),
            Arc::clone(&clock),
        ));
        let players = Arc::new(Players::new(Arc::clone(&accounts)));
        let stand_in: Option<Arc<dyn StandIn>> = house
            .takes_pool_seats()
            .then(|| Arc::clone(&house) as Arc<dyn StandIn>);
        let pools = Pools::new(
            Arc::clone(&round),
            Arc::clone(&store),
            Arc::clone(&clock),
            stand_in,
        );
        let tournaments = Tournaments::new(
            Arc::clone(&games),
            Arc::clone(&round),
            Arc::clone(&store),
            Arc::clone(&clock),
            tournaments,
        );
        Env {
            training,
            store,
            budget,
            engine,
            games,
            lobby,
            local,
            round,
            chat,
            reviews,
            bots,
            house,
            learn,
            tv,
            search,
            classes,
            accounts,
            players,
            pools,
            tournaments,
            egdb_files,
        }
    }
}

/// Online play's flag timers as the wiring sets them up (`round/clock.rs`).
#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{MoveInput, OfferKind};
    use crate::round::{Ending, NewOnline};
    use crate::store::SqliteStore;

    /// The references to a cached game other than the cache's own and the caller's, once
    /// the cancelled timers have been dropped by the runtime.
    async fn holders(games: &Games, id: &str) -> usize {
        for _ in 0..20 {
            tokio::task::yield_now().await;
        }
        let live = games.live(id).await.expect("cached");
        Arc::strong_count(&live) - 2
    }

    #[tokio::test]
    async fn a_clocked_game_has_one_flag_timer_and_none_once_it_ended() {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(&dir.path().join("games.sqlite")).unwrap();
        let env = Env::new(
            Arc::new(store),
            EngineJobs::new(1),
            None,
            Settings::default(),
            &crate::limits::ServerLimits::default(),
            Arc::new(crate::time::SystemClock),
        );
        let (games, round) = (&env.games, &env.round);
        let body = serde_json::json!({ "initial_s": 600, "increment_s": 5 });
        let new = NewOnline::parse(None, Some(&body), Some("S"), Some("Ama"), false, 30).unwrap();
        let created = round.create_online(new, None).await.unwrap();
        let (id, south) = (created.id, created.token);
        let north = round.join(&id, None, "Kofi", None).await.unwrap().token;
        // Moves, a declined draw offer: each change re-arms the clock.
        for (token, pit) in [(&south, "C"), (&north, "c"), (&south, "D"), (&north, "d")] {
            round
                .play(&id, Some(token), MoveInput::Text(pit), None, None)
                .await
                .unwrap();
        }
        round
            .offers
            .offer(&id, Some(&south), OfferKind::Draw, "offer")
            .await
            .unwrap();
        round
            .offers
            .offer(&id, Some(&north), OfferKind::Draw, "decline")
            .await
            .unwrap();
        assert_eq!(
            holders(games, &id).await,
            1,
            "one timer while the clock runs"
        );
        round.end(&id, Some(&south), Ending::Resign).await.unwrap();
        assert_eq!(
            holders(games, &id).await,
            0,
            "a finished game is held by no timer: the cache may drop it"
        );
        games.close().await.unwrap();
    }
}

/// The tournaments' waves as the wiring builds them (`tournament/`).
#[cfg(test)]
mod tournament_tests {
    use super::*;
    use crate::store::tournaments::TournamentRow;
    use crate::store::SqliteStore;

    fn row(id: String, status: &str, starts_ms: u64) -> TournamentRow {
        TournamentRow {
            id,
            kind: "arena".into(),
            name: "Ama's arena".into(),
            creator: "ama".into(),
            schedule_key: String::new(),
            status: status.into(),
            starts_ms,
            minutes: 60,
            rounds: 0,
            initial_s: 180,
            increment_s: 2,
            max_players: 100,
            state: String::new(),
            version: 0,
            created_ms: 0,
            ended_ms: 0,
        }
    }

    #[tokio::test]
    async fn every_running_tournament_is_due_however_many_there_are() {
        let dir = tempfile::tempdir().unwrap();
        let store = Arc::new(SqliteStore::open(&dir.path().join("t.sqlite")).unwrap());
        let clock: Arc<dyn crate::time::Clock> = Arc::new(crate::time::SystemClock);
        let env = Env::new(
            store,
            EngineJobs::new(1),
            None,
            Settings::default(),
            &crate::limits::ServerLimits::default(),
            clock,
        );
        let t = &env.tournaments;
        let tables = t.tables();
        // 1,040 started (520 accounts × 2, several pages), many with the same start; one
        // whose start has come, one still to come, one finished.
        for i in 0..1040u64 {
            let r = row(format!("s{i:04}"), "started", 1_000 + i / 7);
            assert!(tables.create_tournament(r).await.unwrap());
        }
        for (id, status, starts) in [
            ("due", "created", 5_000),
            ("later", "created", 9_000),
            ("over", "finished", 1_000),
        ] {
            assert!(tables
                .create_tournament(row(id.into(), status, starts))
                .await
                .unwrap());
        }
        let due = t.due(tables, 5_000).await.unwrap();
        let mut ids: Vec<&str> = due.iter().map(|r| r.id.as_str()).collect();
        assert_eq!(ids.len(), 1041);
        assert!(ids.contains(&"due") && ids.contains(&"s1039"));
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), 1041, "no tournament read twice");
    }
}
