//! HTTP-dates (RFC 9110, section 5.6.7) to seconds since the Unix epoch, for `Retry-After`.
//! All three forms a recipient must accept: IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the
//! obsolete RFC 850 form (`Sunday, 06-Nov-94 08:49:37 GMT`, a two-digit year more than 50 years
//! ahead of now read as the past century's) and asctime (`Sun Nov  6 08:49:37 1994`).

const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];
const DAYS: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const LONG_DAYS: [&str; 7] = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];

/// Seconds since the Unix epoch of an HTTP-date, or `None` when `value` is not one. `now_ms`
/// (ms since the epoch) only places the two-digit year of the RFC 850 form.
pub fn parse_http_date(value: &str, now_ms: u64) -> Option<i64> {
    let value = value.trim();
    let at = value.find([',', ' '])?;
    let (day_name, rest) = (&value[..at], &value[at + 1..]);
    if value[at..].starts_with(',') {
        let mut parts = rest.strip_prefix(' ')?.split(' ');
        let (year, month, day) = if DAYS.contains(&day_name) {
            // IMF-fixdate: "Sun, 06 Nov 1994 08:49:37 GMT"
            let day = two_digits(parts.next()?)?;
            let month = month(parts.next()?)?;
            (four_digits(parts.next()?)?, month, day)
        } else if LONG_DAYS.contains(&day_name) {
            // RFC 850: "Sunday, 06-Nov-94 08:49:37 GMT"
            let mut date = parts.next()?.split('-');
            let day = two_digits(date.next()?)?;
            let month = month(date.next()?)?;
            let yy = two_digits(date.next()?)?;
            date.next().is_none().then_some(())?;
            (full_year(yy, now_ms), month, day)
        } else {
            return None;
        };
        let time = time(parts.next()?)?;
        (parts.next()? == "GMT" && parts.next().is_none()).then_some(())?;
        return timestamp(year, month, day, time);
    }
    // asctime: "Sun Nov  6 08:49:37 1994" (the day padded with a space)
    if !DAYS.contains(&day_name) {
        return None;
    }
    let month = month(rest.get(..3)?)?;
    let rest = rest.get(3..)?.strip_prefix(' ')?;
    let (day, rest) = match rest.strip_prefix(' ') {
        Some(padded) => (digits(padded.get(..1)?)?, padded.get(1..)?),
        None => (two_digits(rest.get(..2)?)?, rest.get(2..)?),
    };
    let mut parts = rest.strip_prefix(' ')?.split(' ');
    let time = time(parts.next()?)?;
    let year = four_digits(parts.next()?)?;
    parts.next().is_none().then_some(())?;
    timestamp(year, month, day, time)
}

fn digits(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

fn two_digits(s: &str) -> Option<u32> {
    (s.len() == 2).then_some(())?;
    digits(s)
}

fn four_digits(s: &str) -> Option<u32> {
    (s.len() == 4).then_some(())?;
    digits(s)
}

/// 1-based month of its three-letter name (case-sensitive, as the grammar says).
fn month(s: &str) -> Option<u32> {
    let i = MONTHS.iter().position(|m| *m == s)?;
    u32::try_from(i + 1).ok()
}

/// `HH:MM:SS` as seconds of the day (a leap second 60 counts as 59).
fn time(s: &str) -> Option<u32> {
    let mut parts = s.split(':');
    let h = two_digits(parts.next()?)?;
    let m = two_digits(parts.next()?)?;
    let sec = two_digits(parts.next()?)?;
    (parts.next().is_none() && h < 24 && m < 60 && sec <= 60).then_some(())?;
    Some(h * 3600 + m * 60 + sec.min(59))
}

/// The year of a two-digit RFC 850 year: this century's, unless that is more than 50 years
/// ahead of now.
fn full_year(yy: u32, now_ms: u64) -> u32 {
    let now_days = i64::try_from(now_ms / 86_400_000).unwrap_or(i64::MAX);
    let this_year = year_of_day(now_days);
    let century = this_year - this_year.rem_euclid(100);
    let mut year = century + i64::from(yy);
    if year > this_year + 50 {
        year -= 100;
    }
    u32::try_from(year).unwrap_or(0)
}

fn timestamp(year: u32, month: u32, day: u32, seconds: u32) -> Option<i64> {
    (day >= 1 && day <= days_in_month(year, month)).then_some(())?;
    Some(days_from_civil(i64::from(year), month, day) * 86_400 + i64::from(seconds))
}

fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        4 | 6 | 9 | 11 => 30,
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => {
            29
        }
        2 => 28,
        _ => 31,
    }
}

/// Days from 1970-01-01 to the given proleptic Gregorian date (month 1..=12).
fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = i64::from((month + 9) % 12);
    let doy = (153 * mp + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The year of the day `days` after 1970-01-01.
fn year_of_day(days: i64) -> i64 {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let year = yoe + era * 400;
    if mp >= 10 {
        year + 1
    } else {
        year
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-06-01T00:00:00Z in ms.
    const NOW: u64 = 1_780_272_000_000;
    /// 1994-11-06T08:49:37Z.
    const EXAMPLE: i64 = 784_111_777;

    #[test]
    fn the_three_forms_of_rfc_9110s_example() {
        assert_eq!(
            parse_http_date("Sun, 06 Nov 1994 08:49:37 GMT", NOW),
            Some(EXAMPLE)
        );
        assert_eq!(
            parse_http_date("Sunday, 06-Nov-94 08:49:37 GMT", NOW),
            Some(EXAMPLE)
        );
        assert_eq!(
            parse_http_date("Sun Nov  6 08:49:37 1994", NOW),
            Some(EXAMPLE)
        );
        assert_eq!(
            parse_http_date("Thu Nov 16 08:49:37 1994", NOW),
            Some(EXAMPLE + 10 * 86_400)
        );
    }

    #[test]
    fn the_epoch_leap_days_and_far_dates() {
        assert_eq!(
            parse_http_date("Thu, 01 Jan 1970 00:00:00 GMT", NOW),
            Some(0)
        );
        assert_eq!(
            parse_http_date("Mon, 01 Jun 2026 00:00:00 GMT", NOW),
            Some(1_780_272_000)
        );
        assert_eq!(
            parse_http_date("Tue, 29 Feb 2028 12:00:00 GMT", NOW),
            Some(1_835_438_400)
        );
        assert_eq!(parse_http_date("Sun, 29 Feb 2026 12:00:00 GMT", NOW), None);
        assert_eq!(
            parse_http_date("Fri, 31 Dec 9999 23:59:59 GMT", NOW),
            Some(253_402_300_799)
        );
    }

    #[test]
    fn a_two_digit_year_is_at_most_fifty_years_ahead() {
        assert_eq!(year_of_day(i64::try_from(NOW / 86_400_000).unwrap()), 2026);
        let year = |s: &str| parse_http_date(s, NOW).map(|t| year_of_day(t.div_euclid(86_400)));
        assert_eq!(year("Tuesday, 01-Jan-30 00:00:00 GMT"), Some(2030));
        assert_eq!(year("Friday, 01-Jan-76 00:00:00 GMT"), Some(2076));
        assert_eq!(year("Monday, 01-Jan-77 00:00:00 GMT"), Some(1977));
    }

    #[test]
    fn anything_else_is_not_a_date() {
        for bad in [
            "",
            "120",
            "Sun, 6 Nov 1994 08:49:37 GMT",
            "Sun, 06 Nov 1994 08:49:37 UTC",
            "Sun, 06 nov 1994 08:49:37 GMT",
            "Sun, 06 Nov 1994 24:00:00 GMT",
            "Sun, 06 Nov 1994 08:49 GMT",
            "Sun, 06 Nov 94 08:49:37 GMT",
            "Sun, 32 Jan 1994 08:49:37 GMT",
            "Xyz, 06 Nov 1994 08:49:37 GMT",
            "Sun, 06 Nov 1994 08:49:37 GMT extra",
            "Sunday, 06-Nov-1994 08:49:37 GMT",
            "Sun Nov 6 08:49:37 1994",
            "Sun Nov  6 08:49:37 94",
            "Sun,",
            "日本語, 06 Nov 1994 08:49:37 GMT",
        ] {
            assert_eq!(parse_http_date(bad, NOW), None, "{bad:?}");
        }
    }
}
