package org.clothgraph.testing;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import org.eclipse.swt.widgets.Display;

/**
 * Samples how long the UI thread takes to run posted work: a probe thread posts a runnable every few milliseconds
 * ({@code asyncExec}) and records how long each waited before it ran (wall time: the latency a user sees) and how
 * much CPU the UI thread itself spent meanwhile (busy: work done on the UI thread instead of handling events; the
 * rest of a wait is the thread waiting for a CPU, a lock or the X server). While a probe has waited longer than
 * {@link #STALL_MILLIS}, the UI thread's stack is sampled every period and the sampled places are counted, so a
 * failing test says what blocked it.
 */
public final class EventLoopLatency implements AutoCloseable {
    /** Probes outstanding longer than this have the UI thread's stack sampled. */
    public static final long STALL_MILLIS = 50;

    /**
     * What was measured, in milliseconds: the wall latency of the posted probes; the UI thread's own CPU time during
     * a wait (busy: our work, or the toolkit's, on the UI thread); the longest run of consecutive stall samples that
     * found the UI thread waiting on a lock or a condition (blocked by another thread); {@code stalls}: the places the
     * UI thread was sampled at during stalls.
     */
    public record Result(int samples, double maxMillis, double p99Millis, double medianMillis, double maxBusyMillis,
            double busyAtMaxMillis, double longestLockWaitMillis, String stalls) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%d samples, wall latency max %.1f ms (UI thread busy %.1f ms of it),"
                    + " p99 %.1f ms, median %.2f ms; longest UI-thread busy time in one wait %.1f ms; longest lock wait"
                    + " %.0f ms", samples, maxMillis, busyAtMaxMillis, p99Millis, medianMillis, maxBusyMillis,
                    longestLockWaitMillis);
        }
    }

    private record Sample(long waitedNanos, long busyNanos) {
    }

    private final Display display;
    private final long periodMillis;
    private final Thread probe;
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final long uiThreadId;
    private final List<Sample> samples = new ArrayList<>();
    private final Map<String, Integer> stallPlaces = new HashMap<>();
    /** The UI thread sampled during the outstanding wait, and during the wait with the most UI-thread CPU so far. */
    private List<String> waitPlaces = new ArrayList<>();
    private List<String> busiestWaitPlaces = List.of();
    private long busiestNanos = -1;
    private volatile boolean running = true;
    private volatile long outstandingSince;
    private int lockWaitRun;
    private int longestLockWaitRun;

    private EventLoopLatency(Display display, long periodMillis) {
        this.display = display;
        this.periodMillis = periodMillis;
        this.uiThreadId = display.getThread().getId();
        this.probe = new Thread(this::probe, "event-loop latency probe");
        probe.setDaemon(true);
        probe.start();
    }

    /** Starts probing the display's event loop every {@code periodMillis}. */
    public static EventLoopLatency start(Display display, long periodMillis) {
        return new EventLoopLatency(display, periodMillis);
    }

    private void probe() {
        while (running && !display.isDisposed()) {
            if (outstandingSince == 0) {
                long posted = System.nanoTime();
                long cpu = threads.getThreadCpuTime(uiThreadId);
                outstandingSince = posted;
                display.asyncExec(() -> {
                    Sample s = new Sample(System.nanoTime() - posted, threads.getCurrentThreadCpuTime() - cpu);
                    synchronized (samples) {
                        samples.add(s);
                        if (s.busyNanos() > busiestNanos) {
                            busiestNanos = s.busyNanos();
                            busiestWaitPlaces = waitPlaces;
                        }
                        waitPlaces = new ArrayList<>();
                    }
                    outstandingSince = 0;
                });
            } else {
                boolean stalled = System.nanoTime() - outstandingSince > STALL_MILLIS * 1_000_000L;
                java.lang.management.ThreadInfo info = threads.getThreadInfo(uiThreadId, 256);
                if (info != null) {
                    StackTraceElement[] stack = info.getStackTrace();
                    Thread.State state = info.getThreadState();
                    boolean waiting = state == Thread.State.BLOCKED || state == Thread.State.WAITING
                            || state == Thread.State.TIMED_WAITING;
                    String place = (waiting ? "[" + state + " on " + info.getLockName() + "] " : "") + place(stack);
                    synchronized (samples) {
                        waitPlaces.add(handler(stack) + ": " + place);
                        if (stalled) {
                            stallPlaces.merge(place, 1, Integer::sum);
                            lockWaitRun = waiting ? lockWaitRun + 1 : 0;
                            longestLockWaitRun = Math.max(longestLockWaitRun, lockWaitRun);
                        } else {
                            lockWaitRun = 0;
                        }
                    }
                }
            }
            try {
                Thread.sleep(periodMillis);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /**
     * The innermost ClothGraph frame of a stack (outside tests and the application's event loop), with the frame it
     * calls; else the two innermost frames (the toolkit's own work).
     */
    private static String place(StackTraceElement[] stack) {
        for (int i = 0; i < stack.length; i++) {
            String c = stack[i].getClassName();
            if (c.startsWith("org.clothgraph.testing.") || c.contains("Test") || c.endsWith("WorkbenchApplication")) {
                break;
            }
            if (c.startsWith("org.clothgraph.")) {
                return stack[i] + (i > 0 ? " <- calls " + stack[i - 1] : "");
            }
        }
        return stack.length == 0 ? "?" : "(toolkit) " + stack[0] + (stack.length > 1 ? " <- " + stack[1] : "");
    }

    /**
     * What the event loop was dispatching: the first frame inside the dispatch that is not the toolkit's own (the
     * listener or posted runnable that ran), or the toolkit frame called by the event loop.
     */
    private static String handler(StackTraceElement[] stack) {
        for (int i = 0; i < stack.length; i++) { // the innermost event loop
            if (stack[i].getMethodName().equals("readAndDispatch")) {
                for (int j = i - 1; j >= 0; j--) {
                    if (!stack[j].getClassName().startsWith("org.eclipse.swt.")) {
                        return "in " + stack[j];
                    }
                }
                return i > 0 ? "in (toolkit) " + stack[i - 1] : "in the event loop";
            }
        }
        return "outside the event loop";
    }

    /** What was measured so far. */
    public Result result() {
        List<Sample> all;
        Map<String, Integer> places;
        int lockRun;
        synchronized (samples) {
            lockRun = longestLockWaitRun;
            all = new ArrayList<>(samples);
            places = new HashMap<>(stallPlaces);
            long since = outstandingSince;
            if (since != 0) {
                all.add(new Sample(System.nanoTime() - since, 0)); // still waiting: counts with what it waited so far
            }
        }
        if (all.isEmpty()) {
            return new Result(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, "");
        }
        long[] waited = all.stream().mapToLong(Sample::waitedNanos).sorted().toArray();
        Sample worst = all.stream().max((a, b) -> Long.compare(a.waitedNanos(), b.waitedNanos())).orElseThrow();
        long busy = all.stream().mapToLong(Sample::busyNanos).max().orElse(0);
        int n = waited.length;
        List<String> busiest;
        synchronized (samples) {
            busiest = new ArrayList<>(busiestWaitPlaces);
        }
        String busiestText = busiest.stream().collect(Collectors.groupingBy(p -> p, java.util.LinkedHashMap::new,
                Collectors.counting())).entrySet().stream().map(e -> String.format(Locale.ROOT, "  %4d x %s",
                        e.getValue(), e.getKey())).collect(Collectors.joining(System.lineSeparator()));
        String stalls = places.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue()).limit(8)
                .map(e -> String.format(Locale.ROOT, "  %4d x %s", e.getValue(), e.getKey()))
                .collect(Collectors.joining(System.lineSeparator()));
        return new Result(n, waited[n - 1] / 1e6, waited[(int) Math.max(0, Math.ceil(0.99 * n) - 1)] / 1e6,
                waited[n / 2] / 1e6, busy / 1e6, worst.busyNanos() / 1e6, lockRun == 0 ? 0 : STALL_MILLIS + (double) lockRun * periodMillis,
                "UI thread sampled during waits over " + STALL_MILLIS + " ms (" + periodMillis + " ms apart):"
                        + System.lineSeparator() + stalls + System.lineSeparator()
                        + "UI thread sampled during the wait with the most UI-thread CPU time (" + periodMillis
                        + " ms apart, in order):" + System.lineSeparator() + busiestText);
    }

    /** Stops probing. */
    @Override
    public void close() {
        running = false;
        probe.interrupt();
    }
}
