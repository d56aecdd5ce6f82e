//! The listener: accepts connections and serves the router on each with hyper's HTTP/1
//! connection, whose header read timeout closes a socket that sends nothing, or trickles its
//! headers, for longer than [`ServerLimits::header_timeout`](crate::ServerLimits).
//!
//! `axum::serve` gives no access to hyper's connection settings, so this is the small loop
//! axum's own "serve with hyper" example shows: hyper-util's tokio glue (`TokioIo`,
//! `TokioTimer`), the client's address as axum's `ConnectInfo` (behind a trusted proxy, the one
//! its `X-Forwarded-For` names: `proxy.rs`; `X-Forwarded-Proto` is kept only from a trusted
//! proxy), and a graceful shutdown that
//! lets requests in flight finish. HTTP/1 only (hyper-util's auto-detecting builder reads the
//! HTTP/2 preface without a timeout).
//!
//! **A ceiling on connections.** Each connection takes a place in the budget
//! ([`Budget::connection`]), well below the process's open-file limit; past it, the connection
//! is answered at once with a plain 503 and `Retry-After` and closed, so that the process never
//! runs out of file descriptors (where the listener could not even accept a new visitor).

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::watch;
use tower::ServiceExt;

use crate::budget::Budget;
use crate::proxy::TrustedProxies;

/// What a connection past the ceiling is answered before it is closed.
const FULL: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 5\r\n\
Content-Type: application/json\r\nContent-Length: 112\r\nConnection: close\r\n\r\n\
{\"error\":\"the server holds as many connections as it can right now: try again in 5 s\",\"code\":\"too-many-clients\"}";

/// Serves `router` on `listener` until `shutdown` turns true, then waits for the open
/// connections to finish their requests (event streams end on the same signal).
pub async fn serve(
    listener: TcpListener,
    router: Router,
    header_timeout: Duration,
    proxies: Arc<TrustedProxies>,
    budget: Arc<Budget>,
    mut shutdown: watch::Receiver<bool>,
) -> std::io::Result<()> {
    // Each connection holds a receiver; the loop waits for all of them to be dropped.
    let (open_tx, open_rx) = watch::channel(());
    loop {
        let accepted = tokio::select! {
            a = listener.accept() => a,
            _ = shutdown.wait_for(|down| *down) => break,
        };
        let (stream, peer) = match accepted {
            Ok(a) => a,
            Err(e) => {
                // Out of file descriptors and the like: wait a little rather than spin.
                tracing::warn!("accepting a connection failed: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let Some(place) = budget.connection() else {
            tracing::debug!(%peer, "a connection refused: the server holds as many as it can");
            tokio::spawn(async move {
                use tokio::io::AsyncWriteExt;
                let mut stream = stream;
                let sent = tokio::time::timeout(Duration::from_secs(1), async {
                    stream.write_all(FULL).await?;
                    stream.shutdown().await
                });
                let _ = sent.await;
            });
            continue;
        };
        // Small writes (a move's event, an NDJSON line) go out at once: with Nagle's algorithm
        // a write behind an unacknowledged one waits for the client's delayed ACK (~40 ms).
        if let Err(e) = stream.set_nodelay(true) {
            tracing::debug!("TCP_NODELAY could not be set: {e}");
        }
        let router = router.clone();
        let mut stop = shutdown.clone();
        let open = open_rx.clone();
        let proxies = Arc::clone(&proxies);
        tokio::spawn(async move {
            let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
                let client = proxies.client(peer.ip(), req.headers());
                // Whether the client came over TLS is the proxy's word: from anyone else
                // `X-Forwarded-Proto` is dropped (it makes the session cookie `Secure`).
                if !proxies.is_trusted(peer.ip()) {
                    req.headers_mut().remove("x-forwarded-proto");
                }
                req.extensions_mut()
                    .insert(ConnectInfo(SocketAddr::new(client, peer.port())));
                router.clone().oneshot(req.map(axum::body::Body::new))
            });
            let conn = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .serve_connection(TokioIo::new(stream), service);
            tokio::pin!(conn);
            let mut stopping = false;
            loop {
                tokio::select! {
                    r = conn.as_mut() => {
                        if let Err(e) = r {
                            // Timeouts, resets, bad requests: the client's doing.
                            tracing::debug!(%peer, "connection ended: {e}");
                        }
                        break;
                    }
                    _ = stop.wait_for(|down| *down), if !stopping => {
                        stopping = true;
                        conn.as_mut().graceful_shutdown();
                    }
                }
            }
            drop(open);
            drop(place);
        });
    }
    drop(listener);
    drop(open_rx);
    open_tx.closed().await;
    Ok(())
}
