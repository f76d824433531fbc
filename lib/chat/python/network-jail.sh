# The OS wall of the Python sandbox. Run by `unshare --net --mount` (and --map-root-user where the
# server is not root): in a network namespace of its own, where no interface is up, no TCP, UDP or
# DNS reaches anything. Unix sockets are files, which a network namespace does not hide, so the child
# also gets a root of its own: an empty read-only tmpfs with the system libraries, /dev/null and the
# random devices, and the few paths the caller names — no /tmp, /run, /var or home where a socket lives.
# Usage: sh network-jail.sh <empty directory> <path to show>... -- <command>...
set -eu
root=$1
shift
mount -t tmpfs -o size=64k,mode=755 python-sandbox "$root"
show() {
  if [ -d "$1" ]; then mkdir -p "$root$1"; else mkdir -p "$root$(dirname "$1")" && touch "$root$1"; fi
  mount --bind "$1" "$root$1"
  mount -o remount,bind,ro "$root$1"
}
for top in /usr /lib /lib32 /lib64 /libx32; do
  if [ -L "$top" ]; then ln -s "$(readlink "$top")" "$root$top"; elif [ -d "$top" ]; then show "$top"; fi
done
for device in null zero random urandom; do show "/dev/$device"; done
while [ "$1" != "--" ]; do
  show "$1"
  shift
done
shift
mount -o remount,ro "$root"
exec env -i "$(command -v chroot)" "$root" "$@"
