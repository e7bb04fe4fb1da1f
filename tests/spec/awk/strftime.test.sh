# gawk strftime: glibc's flags (_ - 0 ^ #), field widths, E/O modifiers and
# malformed conversions, in the C locale and UTC (gawk 5.2 on glibc).

#### padding and case flags
awk 'BEGIN { print strftime("%-d|%_d|%^a|%#b", 0, 1) }'
## stdout:
1| 1|THU|JAN
## status: 0

#### field widths on numbers
awk 'BEGIN { print strftime("%10Y|%-10d|%_5m|%05e|%_10Y|%-10Y|%010Y|%7C|%3j|%00005d", 0, 1) }'
## stdout:
0000001970|         1|    1|00001|      1970|      1970|0000001970|0000019|001|00001
## status: 0

#### the last padding flag wins
awk 'BEGIN { print strftime("%_-_5d|%0_5d|%-05d|%-_d|%_-d", 0, 1) }'
## stdout:
    1|    1|00001| 1|1
## status: 0

#### space-padded conversions and their flags
awk 'BEGIN { t = 1700000000 + 3600 * 10; print strftime("%e|%-e|%0e|%k|%-k|%0k|%l|%_l|%5l", t, 1) }'
## stdout:
15|15|15| 8|8|08| 8| 8|    8
## status: 0

#### case flags on names
awk 'BEGIN { print strftime("%^B|%#A|%#p|%^p|%^P|%#P|%^#p|%#B|%^h|%#h|%^#a|%#^a", 0, 1) }'
## stdout:
JANUARY|THURSDAY|am|AM|am|am|am|JANUARY|JAN|JAN|THU|THU
## status: 0

#### widths on names
awk 'BEGIN { print strftime("%10B|%010B|%-3a|%^10b|%#-10a|%10p", 0, 1) }'
## stdout:
   January|000January|Thu|       JAN|       THU|        AM
## status: 0

#### the zone name follows the utc argument
awk 'BEGIN { print strftime("%Z|%#Z|%^Z|%z", 0, 1); print strftime("%Z|%#Z|%z", 0); print strftime("%Z", 0, 0), strftime("%Z", 0, "") }'
## stdout:
GMT|gmt|GMT|+0000
UTC|utc|+0000
UTC UTC
## status: 0

#### widths and flags on the offset
awk 'BEGIN { print strftime("[%5z][%-z][%10z][%_10z][%-10z][%010z][%_z]", 0, 1) }'
## stdout:
[    +00000][+0][         +0000000000][         +         0][         +         0][000000000+0000000000][+   0]
## status: 0

#### widths on composite conversions
awk 'BEGIN { print strftime("[%10D][%10T][%12F][%-12F][%012F][%010r][%15r][%^c][%#c][%^x][%30c]", 1700000000, 1) }'
## stdout:
[  11/14/23][  22:13:20][  2023-11-14][  2023-11-14][002023-11-14][10:13:20 PM][    10:13:20 PM][TUE NOV 14 22:13:20 2023][Tue Nov 14 22:13:20 2023][11/14/23][      Tue Nov 14 22:13:20 2023]
## status: 0

#### seconds since the epoch with a width
awk 'BEGIN { print strftime("[%3s][%-s][%010s][%_12s]", 0, 1); print strftime("[%010s][%_8s]", -5, 1) }'
## stdout:
[  0][0][0000000000][           0]
[00000000-5][      -5]
## status: 0

#### percent, newline and tab with widths
awk 'BEGIN { print strftime("[%5%][%#%][%05%][%5n][%3t]", 0, 1) }'
## stdout:
[    %][%][0000%][    
][  	]
## status: 0

#### E and O modifiers
awk 'BEGIN { print strftime("%Ea|%Oa|%Eb|%Ob|%EB|%OB|%Oc|%EC|%OC|%ED|%Ed|%Od|%Ee|%EF|%EH|%OH|%Ej|%Oj", 0, 1) }'
## stdout:
%Ea|%Oa|%Eb|Jan|%EB|January|%Oc|19|19|%ED|%Ed|01|%Ee|%EF|%EH|00|%Ej|001
## status: 0

#### more E and O modifiers
awk 'BEGIN { print strftime("%Ep|%Op|%Er|%ER|%Es|%ET|%Ez|%EZ|%E%|%O%|%EV|%OV|%Eg|%EG|%Ox|%OX|%EY|%OY|%Ou|%Ew|%EP|%Eh|%Oh|%Ek|%El|%Ey|%Oy|%Ec|%Ex|%EX", 0, 1) }'
## stdout:
AM|AM|12:00:00 AM|00:00|0|00:00:00|+0000|GMT|%|%|%EV|01|%Eg|%EG|%Ox|%OX|1970|%OY|4|%Ew|am|%Eh|Jan|%Ek|%El|70|70|Thu Jan  1 00:00:00 1970|01/01/70|00:00:00
## status: 0

#### malformed conversions are copied
awk 'BEGIN { print strftime("[%N][%:z][%q][%Q][%+][%v][%5EY][%E5Y][%-E5][%5^a][%O5d][%^q][%5Q]", 0, 1) }'
## stdout:
[%N][%:z][%q][%Q][%+][%v][01970][%E5Y][%-E5][  %5^a][%O5d][%^Q][  %5Q]
## status: 0

#### a percent sign or flags at the end
awk 'BEGIN { print strftime("%-", 0, 1) "|" strftime("%5", 0, 1) "|" strftime("%_", 0, 1) "|" strftime("%E", 0, 1) "|" strftime("%^", 0, 1) "|" strftime("a%", 0, 1) "|" strftime("%", 0, 1) }'
## stdout:
%-|   %5|%_|%E|%^|a%|%
## status: 0

#### years before 1000 and before year 1
awk 'BEGIN { for (y = -101; y <= 1000; y += 97) { t = mktime(y " 06 15 12 00 00"); print strftime("%Y|%C|%y|%G|%g|%_C|%-y|%05Y|%_5Y|%F|%c|%U|%V|%W|%j", t, 1) } }'
## stdout:
-101|-2|99|-101|99|-2|99|-0101| -101|-101-06-15|Thu Jun 15 12:00:00 -101|24|24|24|166
-4|-1|96|-4|96|-1|96|-0004|   -4|-4-06-15|Sat Jun 15 12:00:00 -4|23|24|24|167
93|0|93|93|93|0|93|00093|   93|93-06-15|Mon Jun 15 12:00:00 93|24|25|24|166
190|1|90|190|90|1|90|00190|  190|190-06-15|Tue Jun 15 12:00:00 190|24|24|24|166
287|2|87|287|87|2|87|00287|  287|287-06-15|Wed Jun 15 12:00:00 287|24|24|24|166
384|3|84|384|84|3|84|00384|  384|384-06-15|Fri Jun 15 12:00:00 384|24|24|24|167
481|4|81|481|81|4|81|00481|  481|481-06-15|Sun Jun 15 12:00:00 481|24|24|23|166
578|5|78|578|78|5|78|00578|  578|578-06-15|Mon Jun 15 12:00:00 578|24|25|24|166
675|6|75|675|75|6|75|00675|  675|675-06-15|Tue Jun 15 12:00:00 675|24|24|24|166
772|7|72|772|72|7|72|00772|  772|772-06-15|Thu Jun 15 12:00:00 772|24|24|24|167
869|8|69|869|69|8|69|00869|  869|869-06-15|Sat Jun 15 12:00:00 869|23|24|23|166
966|9|66|966|66|9|66|00966|  966|966-06-15|Sun Jun 15 12:00:00 966|24|24|23|166
## status: 0

#### a width too large for gawk's buffer gives the empty string
awk 'BEGIN { print length(strftime("%100000Y", 0, 1)), length(strftime("%9999999999Y", 0, 1)), length(strftime("%8000Y", 0, 1)) }'
## stdout:
0 0 8000
## status: 0

#### week numbers through a year
awk 'BEGIN { for (d = 0; d < 370; d += 23) print strftime("%F %a %U %W %V %G %g %u %w %j", 1672531200 + d * 86400, 1) }'
## stdout:
2023-01-01 Sun 01 00 52 2022 22 7 0 001
2023-01-24 Tue 04 04 04 2023 23 2 2 024
2023-02-16 Thu 07 07 07 2023 23 4 4 047
2023-03-11 Sat 10 10 10 2023 23 6 6 070
2023-04-03 Mon 14 14 14 2023 23 1 1 093
2023-04-26 Wed 17 17 17 2023 23 3 3 116
2023-05-19 Fri 20 20 20 2023 23 5 5 139
2023-06-11 Sun 24 23 23 2023 23 7 0 162
2023-07-04 Tue 27 27 27 2023 23 2 2 185
2023-07-27 Thu 30 30 30 2023 23 4 4 208
2023-08-19 Sat 33 33 33 2023 23 6 6 231
2023-09-11 Mon 37 37 37 2023 23 1 1 254
2023-10-04 Wed 40 40 40 2023 23 3 3 277
2023-10-27 Fri 43 43 43 2023 23 5 5 300
2023-11-19 Sun 47 46 46 2023 23 7 0 323
2023-12-12 Tue 50 50 50 2023 23 2 2 346
2024-01-04 Thu 00 01 01 2024 24 4 4 004
## status: 0
