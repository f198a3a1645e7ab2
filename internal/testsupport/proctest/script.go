package proctest

import (
	"os"
	"syscall"
)

// WriteScript writes an executable script at path. It holds the fork lock
// while the file is open for writing: a child that another goroutine forks
// meanwhile would inherit the open handle, and running the script would
// then fail with ETXTBSY ("text file busy") until that child execs, which
// made a fake's first call fail now and then under load.
func WriteScript(path, script string) error {
	syscall.ForkLock.RLock()
	defer syscall.ForkLock.RUnlock()
	return os.WriteFile(path, []byte(script), 0o755)
}
