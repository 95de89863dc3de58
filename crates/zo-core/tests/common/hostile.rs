//! cmark's pathological Markdown inputs (its test/pathological_tests.py names them), and a
//! few more runs the panel's renderer scans itself, at about `n` bytes each. Shared by the
//! hostile-input tests and the benchmark (`examples/bench_markdown.rs`).
#![allow(dead_code)]

/// The pathological patterns, about `n` bytes each.
pub fn patterns(n: usize) -> Vec<(&'static str, String)> {
    let rep = |s: &str, total: usize| s.repeat(total / s.len());
    vec![
        ("nested strong emph", {
            let k = n / 14;
            format!("{}b{}", "*a **a ".repeat(k), " a** a*".repeat(k))
        }),
        ("emph closers without openers", rep("a_ ", n)),
        ("emph openers without closers", rep("_a ", n)),
        ("link closers without openers", rep("a]", n)),
        ("link openers without closers", rep("[a", n)),
        ("mismatched openers and closers", rep("*a_ ", n)),
        (
            "openers and closers multiple of 3",
            format!("a**b{}", rep("c* ", n)),
        ),
        ("link openers and emph closers", rep("[ a_", n)),
        ("[ (]( repeated", rep("[ (](", n)),
        (
            "nested brackets",
            format!("{}a{}", "[".repeat(n / 2), "]".repeat(n / 2)),
        ),
        ("nested block quotes", format!("{}a", rep("> ", n))),
        ("deeply nested lists", {
            let depth = (n as f64).sqrt() as usize;
            (0..depth)
                .map(|d| format!("{}* a\n", "  ".repeat(d)))
                .collect()
        }),
        (
            "deep list markers on one line",
            format!("{}a", rep("- ", n)),
        ),
        ("backticks", {
            let mut s = String::new();
            let mut k = 1;
            while s.len() < n {
                s.push('e');
                s.push_str(&"`".repeat(k));
                k += 1;
            }
            s
        }),
        ("unclosed links A", rep("[a](<b", n)),
        ("unclosed links B", rep("[a](b", n)),
        ("*a runs", rep("*a ", n)),
        ("(http:// runs", rep("(http://", n)),
        ("www. runs", rep("www.a_", n)),
        ("e-mail-like runs", rep("a.b@", n)),
        ("footnote-like runs", rep("[^a", n)),
        ("many references", {
            let k = n / 8;
            let mut s: String = (1..k / 4).map(|i| format!("[{i}]: u\n")).collect();
            s.push_str(&"[0] ".repeat(k));
            s
        }),
    ]
}
