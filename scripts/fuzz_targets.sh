# Sourced by scripts/fuzz.sh and scripts/fuzz_campaign.sh (and packed beside the latter by
# scripts/fuzz_bundle.sh): every fuzz target and its input cap, from a targets.txt
# (tests/fuzz/targets.txt: "NAME MAX_LEN" lines, # comments). Sets `all` (names, in order) and
# `max_lens` (name → cap).
read_fuzz_targets() {
  declare -gA max_lens=()
  all=()
  local name len
  while read -r name len; do
    [[ -z $name || $name == \#* ]] && continue
    all+=("$name")
    max_lens[$name]=$len
  done <"$1"
}
