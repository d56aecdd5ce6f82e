//! Oware server (work in progress).
