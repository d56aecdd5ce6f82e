//! `oware show [--fen FEN] [MOVES]`: the board as text.

use std::process::ExitCode;

use oware_core::{movetext, Game, Position, Side};

use crate::common::{start_position, RulesArgs};

/// Arguments of `oware show`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Start from this position text instead of the start position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves to play first (`FcAd`, or separated by spaces or commas).
    #[arg(num_args = 0.., trailing_var_arg = true)]
    pub moves: Vec<String>,
    #[command(flatten)]
    pub rules: RulesArgs,
}

/// Runs the command.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let mut game = Game::from_position(start_position(args.fen.as_deref())?, args.rules.rules());
    let moves = movetext::parse_list(&args.moves.join(" "))?;
    for (i, m) in moves.iter().enumerate() {
        if let Err(e) = game.play_text(m) {
            anyhow::bail!("ply {}: illegal move {}: {e}", i + 1, m);
        }
    }
    print!("{}", draw(game.position()));
    match game.outcome() {
        Some(o) => println!(
            "Game over ({}): South {} - North {}",
            o.reason, o.scores.south, o.scores.north
        ),
        None => println!(
            "{} to move; legal: {}",
            game.position().turn(),
            game.legal_moves().letters(game.position().turn())
        ),
    }
    println!("{}", game.position());
    Ok(ExitCode::SUCCESS)
}

/// Draws `pos`: North's row on top (`f` … `a` from left to right, so that sowing runs
/// counter-clockwise), South's below (`A` … `F`), North's store on the left, South's on the right.
pub fn draw(pos: &Position) -> String {
    draw_in(pos, oware_i18n::Lang::En)
}

/// [`draw`], with the sides named in `lang` (the stores marked by the names' first letters).
pub fn draw_in(pos: &Position, lang: oware_i18n::Lang) -> String {
    let north_name = oware_i18n::tr(lang, "side-north");
    let south_name = oware_i18n::tr(lang, "side-south");
    let initial = |name: &str| name.chars().next().unwrap_or(' ');
    let (n, s) = (initial(&north_name), initial(&south_name));
    let pits = pos.pits();
    let cell = |n: u8| format!("{n:^4}");
    let north: String = (6..12)
        .rev()
        .map(|i| cell(pits[i]))
        .collect::<Vec<_>>()
        .join("|");
    let south: String = (0..6).map(|i| cell(pits[i])).collect::<Vec<_>>().join("|");
    let rule = "+----".repeat(6) + "+";
    let stores = pos.stores();
    format!(
        "          f    e    d    c    b    a      {north_name}\n\
         \x20        {rule}\n\
         \x20        |{north}|\n\
         \x20 {n} {:>3}  {rule}  {:<3} {s}\n\
         \x20        |{south}|\n\
         \x20        {rule}\n\
         \x20          A    B    C    D    E    F      {south_name}\n",
        stores[Side::North],
        stores[Side::South],
    )
}
