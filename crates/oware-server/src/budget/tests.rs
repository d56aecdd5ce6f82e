//! The budget's unit tests.

use super::*;

fn budget(limits: ServerLimits) -> Budget {
    Budget::new(
        &limits,
        &OnlineConfig::default(),
        Arc::new(crate::time::SystemClock),
    )
}

fn small() -> Budget {
    budget(ServerLimits {
        engine_starts: 2,
        streams_per_client: 2,
        ..ServerLimits::default()
    })
}

#[test]
fn engine_starts_are_counted_per_address() {
    let l = small();
    let a: IpAddr = "10.0.0.1".parse().unwrap();
    let b: IpAddr = "10.0.0.2".parse().unwrap();
    assert!(l.start_engine_job(a).is_ok());
    assert!(l.start_engine_job(a).is_ok());
    let e = l.start_engine_job(a).unwrap_err();
    assert_eq!(e.code, "too-many-engine-jobs");
    assert!((1..=61).contains(&e.retry_after_s), "{e:?}");
    assert!(
        l.start_engine_job(b).is_ok(),
        "another address is not limited"
    );
}

#[test]
fn games_created_are_counted_per_address_and_a_refusal_counts_nothing() {
    let l = budget(ServerLimits {
        games_created: 2,
        ..ServerLimits::default()
    });
    let a: IpAddr = "10.0.0.1".parse().unwrap();
    assert!(l.create_game(a, false).is_ok());
    assert!(l.create_game(a, false).is_ok());
    for engine_job in [false, true, false] {
        let e = l.create_game(a, engine_job).unwrap_err();
        assert_eq!(e.code, "too-many-games");
        assert!(e.message.contains("created 2 games"), "{e:?}");
    }
    assert!(l.create_game("10.0.0.2".parse().unwrap(), false).is_ok());
    // The refused game against the computer counted no engine job.
    let b: IpAddr = "10.0.0.3".parse().unwrap();
    let l = budget(ServerLimits {
        games_created: 1,
        engine_starts: 1,
        ..ServerLimits::default()
    });
    assert!(l.create_game(b, false).is_ok());
    assert!(l.create_game(b, true).is_err());
    assert!(
        l.start_engine_job(b).is_ok(),
        "the engine job was not counted"
    );
}

#[test]
fn a_game_refused_for_engine_work_counts_no_creation() {
    let l = budget(ServerLimits {
        games_created: 1,
        engine_starts: 1,
        ..ServerLimits::default()
    });
    let a: IpAddr = "10.0.0.1".parse().unwrap();
    assert!(l.start_engine_job(a).is_ok());
    let e = l.create_game(a, true).unwrap_err();
    assert_eq!(e.code, "too-many-engine-jobs");
    assert!(
        l.create_game(a, false).is_ok(),
        "the creation was not counted"
    );
}

#[test]
fn every_limit_counts_a_64_once() {
    let l = budget(ServerLimits {
        engine_starts: 1,
        games_created: 1,
        streams_per_client: 1,
        ..ServerLimits::default()
    });
    let ip = |i: u32| -> IpAddr { format!("2001:db8:7:7:{i:x}::{i:x}").parse().unwrap() };
    let started = (1..=100)
        .filter(|&i| l.start_engine_job(ip(i)).is_ok())
        .count();
    assert_eq!(started, 1, "engine jobs: one allowance for the /64");
    let created = (1..=100)
        .filter(|&i| l.create_game(ip(i), false).is_ok())
        .count();
    assert_eq!(created, 1, "games: one allowance for the /64");
    let slot = l.open_stream(ip(1)).unwrap();
    assert!(
        l.open_stream(ip(2)).is_err(),
        "streams: one place for the /64"
    );
    drop(slot);
    assert!(
        l.open_stream(ip(3)).is_ok(),
        "the place is freed for the /64"
    );
}

#[test]
fn a_closed_stream_frees_its_place() {
    let l = small();
    let a: IpAddr = "10.0.0.1".parse().unwrap();
    let one = l.open_stream(a).unwrap();
    let _two = l.open_stream(a).unwrap();
    let e = l.open_stream(a).err().unwrap();
    assert_eq!(e.code, "too-many-streams");
    drop(one);
    assert!(l.open_stream(a).is_ok());
}

#[test]
fn streams_are_capped_per_account_across_addresses_and_for_the_server() {
    let l = budget(ServerLimits {
        streams_per_account: 3,
        streams_max: Some(5),
        ..ServerLimits::default()
    });
    let ip = |i: u8| IpAddr::from([10, 0, 1, i]);
    let bot = Holder {
        account: Some("u1"),
        token: Some("t1"),
    };
    let held: Vec<_> = (1..=3)
        .map(|i| l.open_stream_for(ip(i), bot).unwrap())
        .collect();
    let e = l.open_stream_for(ip(4), bot).err().unwrap();
    assert_eq!(e.code, "too-many-streams", "{e:?}");
    assert!(e.message.contains("account"), "{e:?}");
    let _a = l.open_stream(ip(5)).unwrap();
    let _b = l.open_stream(ip(6)).unwrap();
    let e = l.open_stream(ip(7)).err().unwrap();
    assert_eq!(e.code, "too-many-clients", "the server's ceiling: {e:?}");
    drop(held);
    assert_eq!(l.streams_open(), 2);
    assert!(l.open_stream_for(ip(8), bot).is_ok());
}

#[test]
fn connections_are_capped_for_the_server_and_freed_when_dropped() {
    let l = budget(ServerLimits {
        connections_max: Some(2),
        ..ServerLimits::default()
    });
    let one = l.connection().unwrap();
    let _two = l.connection().unwrap();
    assert!(l.connection().is_none());
    drop(one);
    assert!(l.connection().is_some());
}

#[test]
fn the_ceilings_sit_well_below_the_open_file_limit() {
    let c = Ceilings::for_open_files(1024);
    assert_eq!(c.connections, 614);
    assert_eq!(c.streams, 460);
    let c = Ceilings::for_open_files(1 << 20);
    assert!(c.connections < 1 << 20);
    assert_eq!(c.streams, STREAMS_CEILING);
    assert!(open_files() >= 64, "this process may open files");
}

#[tokio::test]
async fn a_revoked_token_ends_its_streams_and_no_other() {
    let l = small();
    let a: IpAddr = "10.0.0.1".parse().unwrap();
    let (_tx, shutdown) = watch::channel(false);
    let mut mine = l
        .open_stream_for(
            a,
            Holder {
                account: Some("u1"),
                token: Some("t1"),
            },
        )
        .unwrap();
    let mut other = l
        .open_stream_for(
            a,
            Holder {
                account: Some("u2"),
                token: Some("t2"),
            },
        )
        .unwrap();
    let mut mine_stop = mine.stop(shutdown.clone());
    let other_stop = other.stop(shutdown.clone());
    l.end_token("t1");
    mine_stop.wait_for(|d| *d).await.unwrap();
    assert!(!*other_stop.borrow(), "another token's stream goes on");
    let mut other_stop = other_stop;
    l.end_account("u2");
    other_stop.wait_for(|d| *d).await.unwrap();
}

#[test]
fn challenges_are_counted_per_account_and_per_address() {
    let l = budget(ServerLimits {
        challenges_per_minute: 2,
        ..ServerLimits::default()
    });
    let a: IpAddr = "10.0.0.1".parse().unwrap();
    assert!(l.send_challenge("u1", Some(a)).is_ok());
    assert!(l.send_challenge("u1", Some(a)).is_ok());
    let e = l.send_challenge("u1", Some(a)).unwrap_err();
    assert_eq!(e.code, "too-many-challenges");
    // A second account of the same address: two more, then the address is spent.
    assert!(l.send_challenge("u2", Some(a)).is_ok());
    assert!(l.send_challenge("u2", Some(a)).is_ok());
    assert!(l.send_challenge("u3", Some(a)).is_err());
    assert!(l
        .send_challenge("u3", Some("10.0.0.2".parse().unwrap()))
        .is_ok());
}

#[test]
fn analyses_hold_places_until_dropped_and_a_slot_shares_its_place_with_its_asker() {
    let l = budget(ServerLimits {
        analyses_per_client: 2,
        analyses_per_account: 1,
        analyses_max: 3,
        ..ServerLimits::default()
    });
    let a: IpAddr = "2001:db8::1".parse().unwrap();
    let a2: IpAddr = "2001:db8::2".parse().unwrap();
    let b: IpAddr = "10.0.0.2".parse().unwrap();
    let first = l.hold_analysis(a, None, "g1").unwrap();
    // The same game asked again by the same address: the same place, shared.
    let again = l.hold_analysis(a2, None, "g1").unwrap();
    assert_eq!(l.analyses_held(), 1);
    let second = l.hold_analysis(a, None, "g2").unwrap();
    let e = l.hold_analysis(a2, None, "g3").unwrap_err();
    assert_eq!(e.code, "too-many-engine-jobs");
    assert!(e.message.contains("this address"), "{e:?}");
    // Another asker of a held slot takes a place of its own.
    let other = l.hold_analysis(b, Some("ama"), "g1").unwrap();
    assert_eq!(l.analyses_held(), 3);
    let e = l
        .hold_analysis("10.0.0.3".parse().unwrap(), None, "g4")
        .unwrap_err();
    assert_eq!(e.code, "too-many-clients", "the server's ceiling");
    // The place is given back when its last holder is dropped.
    drop(first);
    assert_eq!(l.analyses_held(), 3);
    drop(again);
    assert_eq!(l.analyses_held(), 2);
    // The account holds one (from any address).
    let e = l
        .hold_analysis("10.0.0.9".parse().unwrap(), Some("ama"), "g5")
        .unwrap_err();
    assert!(e.message.contains("this account"), "{e:?}");
    drop(other);
    assert!(l
        .hold_analysis("10.0.0.9".parse().unwrap(), Some("ama"), "g5")
        .is_ok());
    drop(second);
    assert_eq!(l.analyses_held(), 0, "every place was given back");
    assert!(
        l.analyses.is_empty(),
        "no slot is remembered without its place"
    );
}

#[test]
fn offline_rounds_are_counted_a_day_all_or_none() {
    let l = budget(ServerLimits::default());
    for _ in 0..3 {
        assert!(l.offline_rounds("u1", 50).is_ok());
    }
    assert!(l.offline_rounds("u1", 40).is_ok());
    // 190 counted: a batch of 50 does not fit and counts nothing; 10 still do.
    let e = l.offline_rounds("u1", 50).unwrap_err();
    assert_eq!(e.code, "too-many-rounds");
    assert!(l.offline_rounds("u1", 10).is_ok());
    assert!(l.offline_rounds("u1", 1).is_err());
    assert!(l.offline_rounds("u2", 50).is_ok(), "another account's own");
}
