//! Memory the system refuses is an error, not an abort: this test runs itself again in a child
//! process under an address-space limit (`ulimit -v`), where a solver's table fits but the
//! proof-number table (twice its size) does not.
#![cfg(unix)]

use boardgame_kit::Game;
use slimetrail_core::State;
use slimetrail_solver::{Method, Solver, TableError, Value};
use std::process::Command;

/// Set in the child: run the limited part.
const CHILD: &str = "SLIMETRAIL_SOLVER_MEMORY_CHILD";
/// 2^24 entries: the solver's table takes 256 MiB, the proof-number table 512 MiB more.
const BITS: u32 = 24;
/// The child's address-space limit in KiB (some 680 MiB): the test binary and the solver's table
/// fit (with more than 400 MiB to spare for the binary), the proof-number table as well does not.
const LIMIT_KIB: u64 = 700_000;

#[test]
fn a_proof_number_table_the_system_refuses_is_out_of_memory() {
    if std::env::var_os(CHILD).is_some() {
        let mut solver = Solver::try_new(BITS).expect("the solver's table fits in the limit");
        let refused = solver.set_method(Method::ProofNumber);
        assert_eq!(
            refused,
            Err(TableError::OutOfMemory {
                bits: BITS,
                bytes: 1 << 29
            })
        );
        // The solver carries on as it was.
        assert_eq!(solver.method(), Method::DepthFirst);
        assert_eq!(
            solver.value(&State::new(&"size=5".parse().unwrap())),
            Value::Win
        );
        println!("refused as it should be");
        return;
    }
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {LIMIT_KIB} && exec \"$0\" \"$@\""))
        .arg(std::env::current_exe().unwrap())
        .args([
            "a_proof_number_table_the_system_refuses_is_out_of_memory",
            "--exact",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD, "1")
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && said.contains("refused as it should be"),
        "{said}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
