package org.clothgraph.explore.slurm.internal;

import java.nio.file.Path;

import org.clothgraph.explore.slurm.UnitServer;
import org.clothgraph.sim.XpbdClothSimulator;

/**
 * {@code worker --serve DIR [--expect-version V] [--idle-seconds S] [--threads T]} without the OSGi framework: the
 * same {@link UnitServer} the product's {@code clothgraph worker --serve} runs, started with a plain class path
 * (the bundles' jars). Nodes normally run the product; this entry serves launchers that cannot start it.
 */
public final class NodeMain {
    private NodeMain() {
    }

    /**
     * Classes whose bundles make the pilot's class path: this bundle, the exploration, the simulator, the model,
     * equinox.common (progress monitors) and the OSGi framework (equinox.common's tracing refers to it), Gson.
     */
    public static Class<?>[] classPathRoots() {
        return new Class<?>[] { NodeMain.class, org.clothgraph.explore.UnitRunner.class,
                org.clothgraph.sim.ClothSimulator.class, org.clothgraph.model.InvalidInputException.class,
                org.eclipse.core.runtime.SubMonitor.class, com.google.gson.Gson.class,
                org.osgi.framework.FrameworkUtil.class };
    }

    public static void main(String[] args) {
        Path dir = null;
        String expect = "";
        double idle = 120;
        int threads = UnitServer.threadsFromEnvironment();
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                case "worker" -> {
                    // the command's name, as the product's launcher takes it
                }
                case "--serve" -> dir = Path.of(args[++i]).toAbsolutePath();
                case "--expect-version" -> expect = args[++i];
                case "--idle-seconds" -> idle = Double.parseDouble(args[++i]);
                case "--threads" -> threads = Integer.parseInt(args[++i]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
                }
            }
            if (dir == null) {
                throw new IllegalArgumentException("--serve DIR is required");
            }
        } catch (IllegalArgumentException | ArrayIndexOutOfBoundsException e) {
            System.err.println("clothgraph worker: " + e.getMessage());
            System.exit(2);
            return;
        }
        int rc = new UnitServer(new UnitServer.Options(dir, expect, threads, idle, UnitServer.jobFromEnvironment()),
                new XpbdClothSimulator(), System.out).serve(null);
        System.exit(rc);
    }
}
