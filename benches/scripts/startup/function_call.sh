greet() { echo "hello, $1"; }
greet world
