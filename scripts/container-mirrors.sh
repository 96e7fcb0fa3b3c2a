# What a container needs to reach the package registries the way this machine does, for a build or
# a run: its own certificate authority for npm, and its local Python package mirror for pip, each
# only when the machine's npm/pip settings name one (elsewhere both lists stay empty and nothing
# changes). Source it; it sets two arrays:
#   mirror_mounts     host:container[:ro] folders and files to mount
#   mirror_settings   NAME=VALUE settings (build arguments or environment variables)
mirror_mounts=()
mirror_settings=()

# npm: the certificate authority file npm trusts, when it is set (empty or "null" otherwise). npm
# reads its global settings beside the Node that runs it: with the project's Node first on PATH (as
# `npm test` puts it) it sees none, so Node's own setting for extra authorities counts too.
mirror_cafile="$(npm config get cafile 2>/dev/null || true)"
if [ -z "$mirror_cafile" ] || [ "$mirror_cafile" = null ]; then mirror_cafile="${NODE_EXTRA_CA_CERTS:-}"; fi
if [ -n "$mirror_cafile" ] && [ "$mirror_cafile" != null ] && [ -f "$mirror_cafile" ]; then
  mirror_mounts+=("$mirror_cafile:/etc/ssl/certs/machine-ca.crt:ro")
  mirror_settings+=(NODE_EXTRA_CA_CERTS=/etc/ssl/certs/machine-ca.crt)
fi

# pip: a local mirror (file:// indexes and a find-links folder), mounted at the same paths.
mirror_pip_setting() { pip config list 2>/dev/null | sed -n "s/^[^.]*\.$1='\(.*\)'$/\1/p" | head -1; }
mirror_mount_local() { [ -d "$1" ] && mirror_mounts+=("$1:$1:ro"); }
mirror_indexes="$(mirror_pip_setting extra-index-url)"
mirror_find_links="$(mirror_pip_setting find-links)"
if [ -n "$mirror_indexes" ]; then
  read -r -a mirror_index_list <<<"$mirror_indexes"
  # An index's pages link to its files beside it (../../files/...): mount the mirror's whole folder.
  for mirror_index in "${mirror_index_list[@]}"; do
    mirror_mount_local "$(dirname "${mirror_index#file://}")"
  done
  # The first local index stands in for the public one; the others stay extra indexes.
  mirror_settings+=("PIP_INDEX_URL=${mirror_index_list[0]}")
  [ "${#mirror_index_list[@]}" -gt 1 ] && mirror_settings+=("PIP_EXTRA_INDEX_URL=${mirror_index_list[*]:1}")
fi
if [ -n "$mirror_find_links" ]; then
  mirror_mount_local "${mirror_find_links#file://}"
  mirror_settings+=("PIP_FIND_LINKS=$mirror_find_links")
fi
true
