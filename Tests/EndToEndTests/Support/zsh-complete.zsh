#!/usr/bin/env zsh
# Prints the candidates zsh's completion system offers for a command line, one per line.
# Usage: zsh-complete.zsh <completion-script> <command line, ending where TAB is pressed>
# It drives an interactive zsh through zpty (completion only runs inside the line editor) and
# wraps compadd so every candidate it is given is printed between markers.
zmodload zsh/zpty || exit 2
script=$1 line=$2
zpty z zsh -f -i
zpty -w z "PROMPT= RPROMPT="
zpty -w z "autoload -U compinit && compinit -u -D"
zpty -w z "source ${(q)script}"
zpty -w z "zstyle ':completion:*' list-grouped false; zstyle ':completion:*' insert-tab false"
zpty -w z 'compadd() {
    if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi
    local -a hits; builtin compadd -A hits "$@"
    (( $#hits )) && print -r -- "<cand""idates>" ${^hits} "</cand""idates>"
    builtin compadd "$@"
}'
zpty -w z "bindkey '^I' complete-word"
zpty -w -n z "$line"$'\t'
# Wait for the widget to print its first candidates: keys typed ahead of it would be taken
# before it runs. Once it runs it finishes before zle reads another key, so a cleared line and
# a sentinel then mark its end. The markers are split in the commands so their echo never matches.
integer deadline=$(( SECONDS + 50 ))
local out chunk
while (( SECONDS < deadline )) && [[ $out != *'</candidates>'* ]]; do
    zpty -r -t z chunk && out+=$chunk || sleep 0.05
done
zpty -w -n z $'\C-u'
zpty -w z 'print -r -- "<do""ne>"'
while (( SECONDS < deadline )) && [[ $out != *'<done>'* ]]; do
    zpty -r -t z chunk && out+=$chunk || sleep 0.05
done
zpty -d z
print -r -- ${out%%<done>*} | grep -o '<candidates>[^<]*</candidates>' | sed 's/<candidates> //; s/ <\/candidates>//' | tr ' ' '\n' | tr -d '\r' | sort -u | grep -v '^$'
