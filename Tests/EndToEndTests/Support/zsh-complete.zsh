#!/usr/bin/env zsh
# Prints the candidates zsh's completion system offers for a command line, one per line.
# Usage: zsh-complete.zsh <completion-script> <command line, ending where TAB is pressed> [folder]
# It drives an interactive zsh through zpty (completion only runs inside the line editor) and
# wraps compadd so every candidate it is given is printed between markers.
zmodload zsh/zpty || exit 2
script=$1 line=$2 folder=${3:-.}
zpty z zsh -f -i
zpty -w z "PROMPT= RPROMPT="
zpty -w z "cd ${(q)folder}"
zpty -w z "autoload -U compinit && compinit -u -D"
zpty -w z "source ${(q)script}"
zpty -w z "zstyle ':completion:*' list-grouped false; zstyle ':completion:*' insert-tab false"
zpty -w z 'compadd() {
    if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi
    local -a hits; builtin compadd -A hits "$@"
    local hit; for hit in $hits; do print -r -- "<cand""idate>$hit</cand""idate>"; done
    builtin compadd "$@"
}'
# TAB runs completion, then prints a marker, so the end of the widget is seen even when it
# offers nothing.
zpty -w z 'timerlab-complete() { zle complete-word; print -r -- "<wid""get-done>" }'
zpty -w z "zle -N timerlab-complete; bindkey '^I' timerlab-complete"
zpty -w -n z "$line"$'\t'
# Wait for the widget's end marker before typing more: keys typed ahead of it would be taken
# before it runs. Then a cleared line and a sentinel mark the end of the output. The markers are
# split in the commands so their echo never matches.
integer deadline=$(( SECONDS + 50 ))
local out chunk
while (( SECONDS < deadline )) && [[ $out != *'<widget-done>'* ]]; do
    zpty -r -t z chunk && out+=$chunk || sleep 0.05
done
zpty -w -n z $'\C-u'
zpty -w z 'print -r -- "<do""ne>"'
while (( SECONDS < deadline )) && [[ $out != *'<done>'* ]]; do
    zpty -r -t z chunk && out+=$chunk || sleep 0.05
done
zpty -d z
print -r -- ${out%%<done>*} | tr -d '\r' | grep -o '<candidate>[^<]*</candidate>' | sed 's/<candidate>//; s/<\/candidate>//' | sort -u | grep -v '^$'
