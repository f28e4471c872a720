package org.clothgraph.cli.internal.fuzz;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.clothgraph.compress.Compressor;
import org.clothgraph.compress.RuntimeDatabaseWriter;
import org.clothgraph.demo.DemoPipeline;
import org.clothgraph.model.Project;
import org.clothgraph.runtime.Player;
import org.clothgraph.runtime.RandomController;
import org.clothgraph.runtime.RuntimeDatabase;
import org.clothgraph.runtime.RuntimeDatabaseException;
import org.clothgraph.runtime.RuntimeFormat;
import org.eclipse.core.runtime.IProgressMonitor;

/**
 * The runtime database reader: the seed is a real compressed graph (the small demo explored for a few hundred frames,
 * 30 basis vectors); each mutation is opened and played for a second, so coefficient blocks are inflated and decoded.
 * Every part is checksummed, so a mutation of the file is refused by its checksum; to reach the parsers behind them,
 * half of the mutations change one part's unpacked payload and re-seal the file (packed again, checksums recomputed),
 * as SQLite's own fuzzing bypasses checksums. Its typed bad-input error is {@link RuntimeDatabaseException} (the
 * runtime has no Eclipse or model imports), which names the file and the part.
 */
final class RuntimeDatabaseTarget extends ReaderFuzz.BaseTarget {
    private static final int FRAMES = 30;

    private final Path file;
    /** The seed's parts, in file order: packed (meta, mesh, graph, frames, basis: unpacked here) or as they are. */
    private final Map<String, byte[]> raw = new LinkedHashMap<>();

    private RuntimeDatabaseTarget(Path file, byte[] seed) throws IOException {
        super("runtime-database", false, seed, file);
        this.file = file;
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(seed));
        in.skipNBytes(RuntimeFormat.MAGIC.length + 4);
        int count = in.readInt();
        String[] names = new String[count];
        long[] offsets = new long[count];
        long[] lengths = new long[count];
        for (int i = 0; i < count; i++) {
            names[i] = in.readUTF();
            offsets[i] = in.readLong();
            lengths[i] = in.readLong();
            in.readInt();
        }
        for (int i = 0; i < count; i++) {
            byte[] part = Arrays.copyOfRange(seed, (int) offsets[i], (int) (offsets[i] + lengths[i]));
            raw.put(names[i], names[i].equals(RuntimeFormat.COEFFICIENTS) ? part
                    : RuntimeFormat.unpackPart(part).readAllBytes());
        }
    }

    @Override
    public byte[] mutate(Mutator mutator) {
        if (mutator.pick(2) == 0) {
            return mutator.mutate(seed(), false);
        }
        List<String> names = List.copyOf(raw.keySet());
        String victim = names.get(mutator.pick(names.size()));
        Map<String, byte[]> parts = new LinkedHashMap<>();
        for (String name : names) {
            byte[] payload = name.equals(victim) ? mutator.mutate(raw.get(name), false) : raw.get(name);
            parts.put(name, name.equals(RuntimeFormat.COEFFICIENTS) ? payload
                    : RuntimeFormat.packPart(payload, !name.equals(RuntimeFormat.META)));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(seed().length + 64);
        try {
            RuntimeDatabaseWriter.write(out, parts);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // in memory
        }
        return out.toByteArray();
    }

    static RuntimeDatabaseTarget create(Path scratch, IProgressMonitor monitor) throws IOException {
        Path seedFile = scratch.resolve("seed.cgrt");
        try (Project demo = DemoPipeline.run(scratch.resolve("demo"), DemoPipeline.Options.small(300), monitor)) {
            Compressor.compress(demo, Compressor.Options.defaults().withBasis(30).withOutput(seedFile), monitor);
        }
        return new RuntimeDatabaseTarget(scratch.resolve("database.cgrt"), Files.readAllBytes(seedFile));
    }

    @Override
    public void read(byte[] content) throws IOException {
        Files.write(file, content);
        try (RuntimeDatabase db = RuntimeDatabase.open(file); Player player = new Player(db, 1)) {
            RandomController controller = new RandomController(1);
            for (int i = 0; i < FRAMES; i++) {
                if (player.choices().isEmpty()) {
                    player.reset();
                }
                player.advance(controller.choose(player));
            }
        }
    }

    @Override
    public String refusal(Throwable t) {
        if (t instanceof UncheckedIOException u && u.getCause() instanceof RuntimeDatabaseException) {
            t = u.getCause(); // how decoding reports a block it cannot read (the playback API throws no checked ones)
        }
        if (t instanceof RuntimeDatabaseException e) {
            return file.equals(e.file()) && e.part() != null && !e.getMessage().contains("\n") ? null
                    : "message names no file and part: " + e.getMessage();
        }
        return super.refusal(t);
    }
}
