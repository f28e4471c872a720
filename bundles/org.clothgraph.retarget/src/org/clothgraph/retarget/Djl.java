package org.clothgraph.retarget;

import java.nio.file.Path;
import java.util.function.Supplier;

import ai.djl.engine.Engine;

/**
 * The deep-learning engine: DJL with its PyTorch engine, embedded in this bundle together with the CPU native
 * library (see docs/RETARGETING.md). Nothing is downloaded: DJL runs offline and extracts the native library
 * from the embedded jar into a cache folder once. Every call into DJL goes through {@link #call}, which makes
 * this bundle's class loader the thread's context class loader, where DJL looks for its engine (ServiceLoader)
 * and its native resources.
 */
public final class Djl {
    /** Folder the native library is extracted to when the user has not chosen one (DJL's ENGINE_CACHE_DIR). */
    public static final Path DEFAULT_CACHE = Path.of(System.getProperty("user.home"), ".cache", "clothgraph", "djl");

    private static Engine engine;

    private Djl() {
    }

    /** The PyTorch engine, initialised on first use (a few seconds the first time: the native library is extracted). */
    public static synchronized Engine engine() {
        if (engine == null) {
            // DJL's own switches, not algorithm settings: offline, and where to extract the embedded native library.
            System.setProperty("ai.djl.offline", "true");
            if (System.getenv("ENGINE_CACHE_DIR") == null && System.getProperty("ENGINE_CACHE_DIR") == null) {
                System.setProperty("ENGINE_CACHE_DIR", DEFAULT_CACHE.toString());
            }
            System.setProperty("ai.djl.default_engine", "PyTorch");
            // one intra-op thread: libtorch's OpenMP workers spin, and on a shared 2-core machine they fight the
            // other processes (and ClothGraph's own threads); the user may still choose more
            if (System.getProperty("ai.djl.pytorch.num_threads") == null) System.setProperty("ai.djl.pytorch.num_threads", "1");
            if (System.getProperty("ai.djl.pytorch.num_interop_threads") == null) {
                System.setProperty("ai.djl.pytorch.num_interop_threads", "1");
            }
            engine = call(() -> Engine.getEngine("PyTorch"));
        }
        return engine;
    }

    /** Runs work with this bundle's class loader as the context class loader. */
    public static <T> T call(Supplier<T> work) {
        Thread t = Thread.currentThread();
        ClassLoader old = t.getContextClassLoader();
        t.setContextClassLoader(Djl.class.getClassLoader());
        try {
            return work.get();
        } finally {
            t.setContextClassLoader(old);
        }
    }

    /**
     * A scalar for arithmetic that is differentiated (weights, factors, the ReLU's 0): an array of the manager of
     * {@code like}, alive until that manager closes. Never write {@code a.mul(2f)}, {@code a.maximum(0f)} and the like
     * in a computation whose gradient is taken: DJL 0.36's PyTorch engine makes such a number a tensor over a Java
     * direct buffer (not copied), closes it right after the operation, but autograd keeps it for the backward pass
     * (a product's gradient is the other factor, a maximum's mask compares with it); once the garbage collector has
     * freed that buffer and the memory is reused, the backward pass reads whatever is there. That was the cause of the
     * latent optimisation's sudden failures (gradients of 1e23 or NaN for every window at once, at a different
     * iteration from run to run: garbage collection timing) and it also randomised the encoder's ReLU masks in
     * training; {@code DjlTest} reproduces it.
     */
    static ai.djl.ndarray.NDArray scalar(ai.djl.ndarray.NDArray like, double v) {
        return like.getManager().create((float) v);
    }

    /** Engine name and version, e.g. "PyTorch 2.7.1". */
    public static String describe() {
        Engine e = engine();
        return e.getEngineName() + " " + e.getVersion();
    }
}
