package org.clothgraph.sim.arcsim.tests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.clothgraph.sim.ClothMesh;
import org.clothgraph.sim.ClothState;
import org.clothgraph.sim.body.BodyMotion;
import org.clothgraph.sim.body.SampledBodyMotion;
import org.junit.jupiter.api.Assumptions;

/** Shared data location, a small garment and capsule body, fake arcsim scripts. */
final class ArcsimTestSupport {

    private ArcsimTestSupport() {
    }

    /** ../shared/data found by walking up from user.dir, or /work/shared/data; skips the test if absent. */
    static Path data() {
        Path dir = Path.of(System.getProperty("user.dir")).toAbsolutePath();
        List<Path> candidates = new ArrayList<>();
        for (String up : new String[] {"..", "../..", "../../.."}) {
            candidates.add(dir.resolve(up).resolve("shared/data").normalize());
        }
        candidates.add(Path.of("/work/shared/data"));
        for (Path p : candidates) {
            if (Files.isDirectory(p.resolve("arcsim-runs"))) {
                return p;
            }
        }
        Assumptions.assumeTrue(false, "shared test data not found (looked at " + candidates + ")");
        return null;
    }

    /** An n x n square patch (0.4 m) hanging in the XY plane at z = 0.25 in front of the body, with pattern coordinates. */
    static ClothMesh patch(int n) {
        float[] p = new float[3 * n * n], uv = new float[2 * n * n];
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                int k = j * n + i;
                float u = 0.4f * i / (n - 1), v = 0.4f * j / (n - 1);
                p[3 * k] = u - 0.2f;
                p[3 * k + 1] = 1.5f - v;
                p[3 * k + 2] = 0.25f;
                uv[2 * k] = u;
                uv[2 * k + 1] = v;
            }
        }
        int[] t = new int[6 * (n - 1) * (n - 1)];
        int o = 0;
        for (int j = 0; j + 1 < n; j++) {
            for (int i = 0; i + 1 < n; i++) {
                int a = j * n + i, b = a + 1, c = a + n, d = c + 1;
                t[o++] = a; t[o++] = c; t[o++] = b;
                t[o++] = b; t[o++] = c; t[o++] = d;
            }
        }
        return new ClothMesh("patch", p, uv, t, Map.of());
    }

    static ClothState rest(ClothMesh m) {
        return new ClothState(m.restPositions().clone(), new float[m.restPositions().length]);
    }

    /** Two capsules (torso upright, arm swinging about the shoulder), sampled at 60 Hz over 0..4 s. */
    static BodyMotion body() {
        int n = 241;
        float[][] s = new float[n][];
        for (int k = 0; k < n; k++) {
            double t = k / 60.0;
            double a = 0.8 * Math.sin(2 * Math.PI * 0.5 * t);
            float sx = 0.25f, sy = 1.4f, sz = 0;
            s[k] = new float[] {0, 0.9f, 0, 0, 1.5f, 0, 0.15f, 0.13f, //
                    sx, sy, (float) (sz + 0.1 * t), (float) (sx + 0.3 * Math.sin(a)), (float) (sy - 0.3 * Math.cos(a)), (float) (sz + 0.1 * t), 0.05f, 0.04f};
        }
        return new SampledBodyMotion(0, 60, new String[] {"chest", "upperarm_l"}, s);
    }

    /** Writes an executable shell script. */
    static Path script(Path dir, String name, String body) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, "#!/bin/sh\n" + body);
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-xr-x"));
        return f;
    }

    /**
     * A fake arcsim: prints ARCSim's usage without arguments; for {@code resumeoffline out P} writes frames P+1..end_frame
     * (read from out/conf.json) as copies of the start frame with v z (ARCSim up) raised by 0.001 * k, sleeping
     * {@code delay} seconds before each; {@code afterFrames} shell code runs after {@code failAfter} frames (e.g. exit 3).
     */
    static Path fake(Path dir, String name, String delay, int failAfter, String afterFrames) throws IOException {
        return script(dir, name, """
                if [ "$1" != resumeoffline ]; then
                  echo "Usage: "; echo "    arcsim <command> [<args>]"; echo "where <command> is one of"
                  echo "    simulateoffline"; echo "    resumeoffline"; exit 1
                fi
                out=$2; p=$3
                test -f "$out/conf.json" || { echo "no conf in $out" >&2; exit 4; }
                end=$(sed -n 's/.*"end_frame": *\\([0-9]*\\).*/\\1/p' "$out/conf.json")
                start="$out/$(printf %%04d $p)_00.obj"
                test -f "$start" || { echo "Error: failed to open file $start"; exit 5; }
                k=$((p+1)); n=0
                while [ $k -le $end ]; do
                  if [ $n -eq %d ]; then %s; fi
                  sleep %s
                  awk -v k=$k '$1=="v"{printf "v %%s %%s %%.6f\\n",$2,$3,$4+0.001*k; next}{print}' "$start" > "$out/tmp.obj"
                  mv "$out/tmp.obj" "$out/$(printf %%04d $k)_00.obj"
                  echo "0.1 0.2 0" >> "$out/timing"
                  k=$((k+1)); n=$((n+1))
                done
                exit 0
                """.formatted(failAfter, afterFrames, delay));
    }
}
