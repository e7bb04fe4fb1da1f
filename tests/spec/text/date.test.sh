# date: formatting fixed instants (-d), UTC, ISO and RFC forms.
# Expected values recorded from the real programs by `spec bless`.

#### epoch default format
date -u -d @0
## stdout:
Thu Jan  1 00:00:00 UTC 1970
## status: 0

#### iso date
date -u -d 2024-03-01 +%F
## stdout:
2024-03-01
## status: 0

#### iso date time
date -u -d '2024-03-01 12:34:56' '+%Y-%m-%d %H:%M:%S'
## stdout:
2024-03-01 12:34:56
## status: 0

#### iso T and Z
date -u -d '2024-03-01T12:34:56Z' +%s
## stdout:
1709296496
## status: 0

#### offset in input
date -u -d '2024-03-01 12:00 +02:00' +%T
## stdout:
10:00:00
## status: 0

#### seconds since epoch
date -u -d @1700000000 '+%F %T'
## stdout:
2023-11-14 22:13:20
## status: 0

#### weekday and month names
date -u -d 2024-02-29 '+%a %A %b %B'
## stdout:
Thu Thursday Feb February
## status: 0

#### day of year and week numbers
date -u -d 2024-12-31 '+%j %U %W %V %G %u %w'
## stdout:
366 52 53 01 2025 2 2
## status: 0

#### padding flags
date -u -d 2024-01-05 '+%-d|%_m|%e|%-j|%^a|%#b'
## stdout:
5| 1| 5|5|FRI|JAN
## status: 0

#### twelve hour clock
date -u -d '2024-01-01 15:04:05' '+%I %l %p %P %r'
## stdout:
03  3 PM pm 03:04:05 PM
## status: 0

#### composite formats
date -u -d '2024-01-02 03:04:05' '+%D|%T|%R|%c|%x|%X'
## stdout:
01/02/24|03:04:05|03:04|Tue Jan  2 03:04:05 2024|01/02/24|03:04:05
## status: 0

#### iso 8601 option
date -u -d @0 -I; date -u -d @0 -Iseconds; date -u -d @0 -Iminutes
## stdout:
1970-01-01
1970-01-01T00:00:00+00:00
1970-01-01T00:00+00:00
## status: 0

#### rfc email
date -u -d @0 -R
## stdout:
Thu, 01 Jan 1970 00:00:00 +0000
## status: 0

#### rfc 3339
date -u -d @0 --rfc-3339=seconds; date -u -d @0 --rfc-3339=date
## stdout:
1970-01-01 00:00:00+00:00
1970-01-01
## status: 0

#### relative days
date -u -d '2024-01-31 +1 day' +%F
## stdout:
2024-02-01
## status: 0

#### relative ago
date -u -d '2024-01-03 2 days ago' +%F
## stdout:
2024-01-01
## status: 0

#### relative month overflow
date -u -d '2024-01-31 1 month' +%F
## stdout:
2024-03-02
## status: 0

#### relative hours
date -u -d '2024-01-01 00:00 3 hours' '+%F %H'
## stdout:
2024-01-01 03
## status: 0

#### month name input
date -u -d 'Jan 2 2024' +%F
## stdout:
2024-01-02
## status: 0

#### day month year input
date -u -d '2 March 2024' +%F
## stdout:
2024-03-02
## status: 0

#### slash date
date -u -d '03/15/2024' +%F
## stdout:
2024-03-15
## status: 0

#### timezone abbreviation
date -u -d @0 +%Z%z%:z
## stdout:
UTC+0000+00:00
## status: 0

#### TZ variable fixed offset
TZ=EST5 date -d @0 '+%H %Z %z'
## stdout:
19 EST -0500
## status: 0

#### nanoseconds
date -u -d '@1.5' +%s.%N; date -u -d @1.25 +%3N
## stdout:
1.500000000
250
## status: 0

#### century and year
date -u -d 1999-12-31 '+%C %y %Y %G'
## stdout:
19 99 1999 1999
## status: 0

#### quarter
date -u -d 2024-08-01 +%q
## stdout:
3
## status: 0

#### literal percent and newline
date -u -d @0 '+100%% %n%t|'
## stdout:
100% 
	|
## status: 0

#### invalid date status
date -d 'not a date' 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### invalid calendar date status
date -d 2024-02-30 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### unknown conversion kept
date -u -d @0 +%Q
## stdout:
%Q
## status: 0

#### width flag
date -u -d @0 '+%10A|%-5d|%05e'
## stdout:
  Thursday|1|00001
## status: 0

#### epoch of a date
date -u -d '1970-01-02' +%s
## stdout:
86400
## status: 0

#### leap year
date -u -d '2024-02-28 +1 day' +%F; date -u -d '2023-02-28 +1 day' +%F
## stdout:
2024-02-29
2023-03-01
## status: 0

#### today string parses
date -u -d today +%Y >/dev/null; echo $?
## stdout:
0
## status: 0
