// The UCI command reader `oware uci` uses: any line is a command, nothing, or an error whose
// message is short.
// Shared by the fuzz target `uci` and the replay test of oware-engine.

/// Checks one input; panics on a defect.
pub fn check(data: &[u8]) {
    use oware_engine::uci;
    let line = String::from_utf8_lossy(data);
    if let Err(e) = uci::parse(&line) {
        assert!(
            e.0.len() <= uci::MAX_MESSAGE + '…'.len_utf8(),
            "{} bytes",
            e.0.len()
        );
    }
}
