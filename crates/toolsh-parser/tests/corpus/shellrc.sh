# Interactive shell configuration: prompt, history, helpers and completion.
[[ $- == *i* ]] || return

HISTCONTROL=ignoreboth:erasedups
HISTSIZE=50000
HISTTIMEFORMAT='%F %T '
PROMPT_DIRTRIM=3
shopt -s histappend checkwinsize globstar 2>/dev/null

export EDITOR=${EDITOR:-vim} PAGER='less -R'
export PATH="$HOME/.local/bin:$HOME/bin${PATH:+:$PATH}"

__git_branch() {
	local b
	b=$(git symbolic-ref --short -q HEAD 2>/dev/null) || b=$(git rev-parse --short HEAD 2>/dev/null) || return
	printf ' (%s%s)' "$b" "$(git diff --quiet 2>/dev/null || echo '*')"
}

__prompt() {
	local status=$? red='\[\e[31m\]' green='\[\e[32m\]' reset='\[\e[0m\]'
	local mark="${green}\$${reset}"
	(( status )) && mark="${red}${status}\$${reset}"
	PS1="\u@\h:\w\$(__git_branch) ${mark} "
	history -a
}
PROMPT_COMMAND=__prompt

alias ll='ls -alF' la='ls -A' l='ls -CF'
alias grep='grep --color=auto'

mkcd() { mkdir -p -- "$1" && cd -- "$1" || return; }
extract() {
	local f
	for f; do
		case ${f,,} in
			*.tar.@(gz|bz2|xz)|*.tgz) tar -xf "$f" ;;
			*.zip) unzip -q "$f" ;;
			*.gz) gunzip -k "$f" ;;
			*.7z) 7z x "$f" ;;
			*) echo "extract: unknown archive: $f" >&2; return 1 ;;
		esac
	done
}
up() {
	local n=${1:-1} path=
	while (( n-- > 0 )); do path+=../; done
	cd "${path:-.}" || return
}
calc() { echo "$(( $* ))"; }
path() { tr : '\n' <<<"$PATH" | nl -ba; }
since() {
	local -i s=$(( $(date +%s) - $(date -d "$1" +%s) ))
	printf '%dd %02dh %02dm\n' $((s/86400)) $((s%86400/3600)) $((s%3600/60))
}

_mkcd_complete() {
	local cur=${COMP_WORDS[COMP_CWORD]}
	mapfile -t COMPREPLY < <(compgen -d -- "$cur")
}
complete -F _mkcd_complete mkcd
complete -W "$(echo {start,stop,restart,status})" svc

svc() {
	local action=$1; shift
	case $action in
		start|stop|restart|status) sudo systemctl "$action" "$@" ;;
		*) echo "usage: svc {start|stop|restart|status} UNIT..." >&2; return 2 ;;
	esac
}

if [[ -r ~/.bashrc.local ]]; then
	source ~/.bashrc.local
fi
