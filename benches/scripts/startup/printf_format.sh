printf '%s=%d\n' a 1 b 2 c 3
