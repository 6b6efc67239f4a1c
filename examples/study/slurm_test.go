package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSlurm runs a study through a real Slurm cluster of one node, started
// here: munged (as the munge user, on a private socket and key), slurmctld
// and slurmd with a minimal configuration in a temporary directory; then
// the sbatch scripts of examples/study/slurm (a job array of 4 shards, and
// the merge as a job depending on it) exactly as README.md tells a user to
// submit them. The merged table, CSV and chart must equal those of a
// one-process run byte for byte. It needs root (the daemons) and Debian's
// slurm-wlm and munge (installed with apt-get when missing); it runs only
// with STUDY_SLURM_TEST=1 (.ci/run sets it); asked for, it fails, saying
// why, where it cannot run (not root, no Slurm to be had), so that CI
// never passes without it.
func TestSlurm(t *testing.T) {
	if os.Getenv("STUDY_SLURM_TEST") != "1" {
		t.Skip("set STUDY_SLURM_TEST=1 to start a single-node Slurm cluster and run a study through it (as root; .ci/run does)")
	}
	if os.Geteuid() != 0 {
		t.Fatal("the Slurm test starts munged, slurmctld and slurmd: it must run as root")
	}
	need := []string{"munged", "slurmctld", "slurmd", "sbatch", "scontrol", "sinfo"}
	if missing(need) {
		t.Log("installing slurm-wlm and munge with apt-get")
		install := exec.Command("sh", "-c", "apt-get update && apt-get install -y slurm-wlm munge")
		install.Env = append(os.Environ(), "DEBIAN_FRONTEND=noninteractive")
		if out, err := install.CombinedOutput(); err != nil || missing(need) {
			t.Fatalf("cannot install slurm-wlm and munge (%v):\n%s", err, tail(out, 20))
		}
	}
	if _, err := user.Lookup("munge"); err != nil {
		t.Fatalf("no munge user (the munge package creates it): %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()

	// A directory every daemon can reach: munged runs as munge.
	dir, err := os.MkdirTemp("", "study-slurm-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	must(t, os.Chmod(dir, 0o755))
	for _, d := range []string{"state", "spool", "log", "out", "one"} {
		must(t, os.Mkdir(filepath.Join(dir, d), 0o755))
	}

	// munged, with its own key and socket.
	mdir := filepath.Join(dir, "munge")
	must(t, os.Mkdir(mdir, 0o711))
	key := filepath.Join(mdir, "munge.key")
	if out, err := exec.Command("mungekey", "--create", "--keyfile="+key).CombinedOutput(); err != nil {
		t.Logf("mungekey: %v %s; making the key with dd", err, out)
		if out, err := exec.Command("dd", "if=/dev/urandom", "of="+key, "bs=1024", "count=1").CombinedOutput(); err != nil {
			t.Fatalf("dd: %v %s", err, out)
		}
	}
	must(t, os.Chmod(key, 0o600))
	must(t, exec.Command("chown", "-R", "munge:munge", mdir).Run())
	socket := filepath.Join(mdir, "munge.socket")
	munged := exec.Command("runuser", "-u", "munge", "--", "munged", "--foreground", "--socket="+socket,
		"--key-file="+key, "--pid-file="+filepath.Join(mdir, "munged.pid"), "--seed-file="+filepath.Join(mdir, "munged.seed"),
		"--log-file="+filepath.Join(mdir, "munged.log"))
	start(t, munged, filepath.Join(dir, "log", "munged.out"))
	t.Cleanup(func() {
		// runuser waits for munged: stop munged itself (its pid file), then
		// runuser ends.
		if b, err := os.ReadFile(filepath.Join(mdir, "munged.pid")); err == nil {
			if pid, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil {
				syscall.Kill(pid, syscall.SIGTERM)
			}
		}
		stop(t, "munged", munged)
	})
	waitFor(t, ctx, "munged's socket", func() bool {
		_, err := os.Stat(socket)
		return err == nil
	})

	// slurm.conf: this host as controller and only node.
	host, err := os.Hostname()
	must(t, err)
	host, _, _ = strings.Cut(host, ".")
	nodeLine := ""
	out, err := exec.Command("slurmd", "-C").Output()
	if err != nil {
		t.Fatalf("slurmd -C: %v", err)
	}
	for _, l := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(l, "NodeName=") {
			nodeLine = strings.TrimSpace(l)
		}
	}
	if nodeLine == "" {
		t.Fatalf("slurmd -C printed no NodeName line: %s", out)
	}
	conf := filepath.Join(dir, "slurm.conf")
	p := func(name string) string { return filepath.Join(dir, name) }
	must(t, os.WriteFile(conf, []byte(fmt.Sprintf(`# A single-node cluster for TestSlurm.
ClusterName=studytest
SlurmctldHost=%s
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=%s
CredType=cred/munge
SlurmctldPort=%d
SlurmdPort=%d
StateSaveLocation=%s
SlurmdSpoolDir=%s
SlurmctldPidFile=%s
SlurmdPidFile=%s
SlurmctldLogFile=%s
SlurmdLogFile=%s
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SwitchType=switch/none
SchedulerType=sched/backfill
%s State=UNKNOWN
PartitionName=study Nodes=%s Default=YES MaxTime=INFINITE State=UP
`, host, socket, freePort(t), freePort(t), p("state"), p("spool"), p("slurmctld.pid"), p("slurmd.pid"),
		p("log/slurmctld.log"), p("log/slurmd.log"), nodeLine, strings.TrimPrefix(strings.Fields(nodeLine)[0], "NodeName="))), 0o644))
	env := append(os.Environ(), "SLURM_CONF="+conf)
	logs := func() {
		for _, f := range []string{"log/slurmctld.log", "log/slurmd.log", "log/slurmctld.out", "log/slurmd.out", "log/munged.out"} {
			if b, err := os.ReadFile(p(f)); err == nil {
				t.Logf("%s:\n%s", f, tail(b, 30))
			}
		}
		outs, _ := filepath.Glob(p("out/*.out"))
		for _, f := range outs {
			b, _ := os.ReadFile(f)
			t.Logf("%s:\n%s", f, tail(b, 30))
		}
	}
	ctld := exec.Command("slurmctld", "-D", "-f", conf)
	ctld.Env = env
	start(t, ctld, p("log/slurmctld.out"))
	t.Cleanup(func() { stop(t, "slurmctld", ctld) })
	slurmd := exec.Command("slurmd", "-D", "-f", conf)
	slurmd.Env = env
	start(t, slurmd, p("log/slurmd.out"))
	t.Cleanup(func() { stop(t, "slurmd", slurmd) })
	waitFor(t, ctx, "the node to be idle", func() bool {
		c := exec.Command("sinfo", "-h", "-o", "%T")
		c.Env = env
		out, err := c.Output()
		return err == nil && strings.TrimSpace(string(out)) == "idle"
	}, logs)

	// The study, built and submitted as README.md says.
	bin := p("study")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	spec, err := filepath.Abs(small)
	must(t, err)
	studyEnv := append(env, "STUDY_BIN="+bin, "STUDY_SPEC="+spec, "STUDY_OUT="+p("out"))
	sbatch := func(args ...string) string {
		c := exec.CommandContext(ctx, "sbatch", append([]string{"--parsable", "--wait", "--chdir=" + p("out")}, args...)...)
		c.Env = studyEnv
		var stderr bytes.Buffer
		c.Stderr = &stderr
		out, err := c.Output()
		if err != nil {
			logs()
			t.Fatalf("sbatch %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
		}
		id, _, _ := strings.Cut(strings.TrimSpace(string(out)), ";")
		return id
	}
	array := sbatch("--array=0-3", "--output="+p("out/study-%A_%a.out"), "slurm/study.sbatch")
	sbatch("--dependency=afterok:"+array, "--output="+p("out/merge-%j.out"), "slurm/merge.sbatch")
	for k := range 4 {
		if _, err := os.Stat(p("out/" + shardName(k, 4))); err != nil {
			logs()
			t.Errorf("array task %d wrote no shard: %v", k, err)
		}
	}
	var cluster [2]string
	for i, f := range []string{"table.md", "table.csv"} {
		b, err := os.ReadFile(p("out/" + f))
		if err != nil {
			logs()
			t.Fatalf("the merge job wrote no %s: %v", f, err)
		}
		cluster[i] = string(b)
	}
	// The same study in one process.
	runAll(t, small, p("one"), 1, 2)
	one := merged(t, p("one"))
	for i, what := range []string{"Markdown", "CSV"} {
		if cluster[i] != one[i] {
			t.Errorf("the %s of the Slurm run differs from the one-process run's (-one +slurm):\n%s", what, diffLines(one[i], cluster[i]))
		}
	}
	t.Logf("Slurm job array %s (4 shards) and its merge gave the one-process table:\n%s", array, cluster[0])
}

func missing(cmds []string) bool {
	for _, c := range cmds {
		if _, err := exec.LookPath(c); err != nil {
			return true
		}
	}
	return false
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// start starts a daemon in the foreground with its output in logFile.
func start(t *testing.T, cmd *exec.Cmd, logFile string) {
	t.Helper()
	f, err := os.Create(logFile)
	must(t, err)
	cmd.Stdout, cmd.Stderr = f, f
	if err := cmd.Start(); err != nil {
		f.Close()
		t.Fatalf("%s: %v", cmd.Path, err)
	}
	t.Cleanup(func() { f.Close() })
}

// stop ends a daemon this test started: SIGTERM, then SIGKILL if it has
// not ended within 20 s.
func stop(t *testing.T, name string, cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Logf("%s (pid %d) did not stop on SIGTERM; killing it", name, cmd.Process.Pid)
		cmd.Process.Kill()
		<-done
	}
}

// waitFor polls cond until it holds or ctx ends (then it fails, after
// calling the diagnostics given).
func waitFor(t *testing.T, ctx context.Context, what string, cond func() bool, diag ...func()) {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, 90*time.Second)
	defer cancel()
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for !cond() {
		select {
		case <-ctx.Done():
			for _, d := range diag {
				d()
			}
			t.Fatalf("waited 90 s for %s", what)
		case <-tick.C:
		}
	}
}

// freePort returns a TCP port nothing listens on now.
func freePort(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	must(t, err)
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// tail returns the last n lines of b.
func tail(b []byte, n int) string {
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// diffLines lists the lines that differ.
func diffLines(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	var out []string
	for i := range max(len(al), len(bl)) {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			out = append(out, fmt.Sprintf("line %d:\n- %s\n+ %s", i+1, x, y))
		}
	}
	return strings.Join(out, "\n")
}
