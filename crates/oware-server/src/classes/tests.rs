//! The classes' own checks: generated log-ins, CSV fields, dates and counting levels.

use super::*;

#[test]
fn generated_log_ins_are_valid_accounts() {
    for name in ["Ama", "Kwame Nkrumah", "Ólafur", "李", ""] {
        let u = new_username(name).unwrap();
        assert!(crate::accounts::check_name(&u).is_ok(), "{u}");
        let p = new_password().unwrap();
        assert!(crate::accounts::check_password(&p, &u).is_ok(), "{p}");
        assert_eq!(p.len(), 10);
    }
    assert!(new_username("Ama").unwrap().starts_with("ama-"));
    assert!(new_username("李").unwrap().starts_with("pupil-"));
}

#[test]
fn csv_fields_are_quoted_and_formulas_defused() {
    assert_eq!(csv_field("Ama"), "Ama");
    assert_eq!(csv_field("a,b"), "\"a,b\"");
    assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
    assert_eq!(csv_field("=1+1"), "'=1+1");
}

#[test]
fn dates_and_levels() {
    assert!(is_date("2026-12-07"));
    assert!(!is_date("2026-13-07"));
    assert!(!is_date("07/12/2026"));
    assert_eq!(counting_level(3), 1);
    assert_eq!(counting_level(5), 2);
    assert_eq!(counting_level(12), 4);
}
