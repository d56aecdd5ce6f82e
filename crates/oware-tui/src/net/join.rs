//! How `oware play --online LINK` starts ([`join`]): the seat kept from an earlier run, else
//! the account's seat (logged in, the game begun on another device), else the free seat, else
//! watching.

use oware_core::Side;

use crate::checked::SeatToken;
use crate::lang::{self, t, tr};
use crate::wire::{GameState, Status};

use super::http::{parse_answer, Api, ApiError, Target};
use super::seats::Seats;
use super::session::log_in_hint;

/// How `oware play --online` starts: the seat taken or found, or watching.
#[derive(Debug)]
pub struct Joined {
    /// The server's API.
    pub api: Api,
    /// The game.
    pub target: Target,
    /// The seat token, if the player has a seat.
    pub token: Option<SeatToken>,
    /// The player's side, `None` when watching.
    pub seat: Option<Side>,
    /// The state now.
    pub state: GameState,
    /// What happened, in one sentence ("You play North against Ama.").
    pub note: String,
}

/// Finds the game `target` on `api`'s server and a seat: the token kept from an earlier run,
/// else, logged in ([`super::connect`]), the account's seat (`POST /api/games/{id}/seat` with
/// the session and no token: the game begun on another device), else the free seat (joining
/// under `name`) unless `watch`, else watching. Errors are sentences for the player.
pub async fn join(
    api: Api,
    target: Target,
    name: &str,
    watch: bool,
    seats: &Seats,
) -> Result<Joined, String> {
    let mut token = seats.load(&target);
    if token.is_none() && api.session().is_some() {
        if let Some(joined) = account_seat(&api, &target, seats).await {
            return Ok(joined);
        }
    }
    let not_found = |e: ApiError| match e.status {
        Some(404) => t(
            "term-no-such-game",
            &[
                ("id", target.id.to_string().into()),
                ("server", target.base.as_str().into()),
            ],
        ),
        _ => e.message,
    };
    let mut state = match api.state(&target.id, token.as_ref()).await {
        Ok(s) => s,
        Err(e) if token.is_some() && matches!(e.status, Some(401 | 403)) => {
            seats.forget(&target);
            token = None;
            api.state(&target.id, None).await.map_err(not_found)?
        }
        Err(e) => return Err(not_found(e)),
    };
    let Some(online) = state.online.clone() else {
        return Err(t("term-not-online-link", &[("link", target.link().into())]));
    };
    let mut seat = online.you.filter(|_| token.is_some());
    if seat.is_none() && token.is_some() {
        seats.forget(&target);
        token = None;
    }
    let other_name = |state: &GameState, side: Side| {
        let n = state.names.get(side.other());
        if n.is_empty() {
            lang::side(side.other())
        } else {
            n.clone()
        }
    };
    let note = if let Some(s) = seat {
        t(
            "term-welcome-back",
            &[
                ("side", lang::side(s).into()),
                ("name", other_name(&state, s).into()),
            ],
        )
    } else {
        let free = !online.seats.south.taken || !online.seats.north.taken;
        let mut note = match online.status {
            Status::Playing => tr("term-watching-full"),
            Status::Open if watch => tr("term-watching-free"),
            Status::Open => String::new(),
            _ => tr("term-watching-ended"),
        };
        if online.status == Status::Open && free && !watch {
            let body = serde_json::to_value(oware_protocol::JoinReq {
                name: Some(name.to_string()),
            })
            .unwrap_or_default();
            match api
                .request(
                    reqwest::Method::POST,
                    &format!("/api/games/{}/join", target.id),
                    None,
                    Some(body),
                )
                .await
                .and_then(parse_answer)
            {
                Ok(a) => {
                    let token_ = a.token.ok_or_else(|| tr("term-join-no-token"))?;
                    if let Err(e) = seats.save(&target, &token_) {
                        note = format!("{e}. ");
                    }
                    let s = match a.state.online.as_ref().and_then(|o| o.you) {
                        Some(s) => s,
                        None => api
                            .state(&target.id, Some(&token_))
                            .await
                            .ok()
                            .and_then(|st| st.online.and_then(|o| o.you))
                            .ok_or_else(|| tr("term-join-no-seat"))?,
                    };
                    seat = Some(s);
                    let you = t(
                        "term-you-play",
                        &[
                            ("side", lang::side(s).into()),
                            ("name", other_name(&a.state, s).into()),
                        ],
                    );
                    note = format!("{note}{you}");
                    state = a.state;
                    token = Some(token_);
                }
                Err(e) => {
                    let hint = log_in_hint(e.code.as_deref(), &api);
                    let reason = format!("{}{hint}", e.message);
                    note = t("term-watching-because", &[("reason", reason.into())]);
                }
            }
        }
        note
    };
    Ok(Joined {
        api,
        target,
        token,
        seat,
        state,
        note,
    })
}

/// The seat the logged-in account holds in `target` (`POST /api/games/{id}/seat` with the
/// session cookie and no token), its token kept like a joined one; `None` when the account
/// has no seat there (the server's refusal is not an error: the other ways are tried).
async fn account_seat(api: &Api, target: &Target, seats: &Seats) -> Option<Joined> {
    let path = format!("/api/games/{}/seat", target.id);
    let v = api
        .request(reqwest::Method::POST, &path, None, None)
        .await
        .ok()?;
    let a = parse_answer(v).ok()?;
    // Checked by `parse_answer`; a seat in another game than the one asked for is not taken.
    let (Some(id), Some(token)) = (a.id, a.token) else {
        return None;
    };
    if id != target.id {
        return None;
    }
    let seat = a.state.online.as_ref().and_then(|o| o.you)?;
    let mut note = match seats.save(target, &token) {
        Ok(()) => String::new(),
        Err(e) => format!("{e}. "),
    };
    let other = a.state.names.get(seat.other());
    let other = if other.is_empty() {
        lang::side(seat.other())
    } else {
        other.clone()
    };
    note.push_str(&t(
        "term-welcome-account",
        &[("side", lang::side(seat).into()), ("name", other.into())],
    ));
    Some(Joined {
        api: api.clone(),
        target: target.clone(),
        token: Some(token),
        seat: Some(seat),
        state: a.state,
        note,
    })
}
