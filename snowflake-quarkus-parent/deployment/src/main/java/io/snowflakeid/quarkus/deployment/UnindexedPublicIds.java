package io.snowflakeid.quarkus.deployment;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.function.Function;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import org.jboss.jandex.AnnotationInstance;
import org.jboss.jandex.DotName;
import org.jboss.jandex.Index;
import org.jboss.jandex.Indexer;

/**
 * {@code @PublicId} in dependency jars Quarkus does not index (a shared jar of DTOs without a Jandex index or
 * {@code beans.xml}): the build's index does not show them, and Quarkus REST would still serialize their raw ids. A
 * class that uses the annotation names it in its constant pool; the jars are searched for that name, and only the
 * classes that contain it are indexed, to be sure and to say where. Jars of groups that cannot hold an application's
 * DTOs (Quarkus, Hibernate, the JDBC drivers, this library...) are skipped: the search costs a read of every class.
 */
final class UnindexedPublicIds {

	/** How a class file refers to the annotation (a field, method or parameter annotated with it). */
	private static final byte[] DESCRIPTOR = "Lio/snowflakeid/publicid/PublicId;".getBytes(StandardCharsets.UTF_8);

	/** Groups whose jars are not searched: frameworks, drivers and libraries, never an application's classes. */
	private static final List<String> FRAMEWORK_GROUPS = List.of("io.quarkus", "io.smallrye", "io.vertx", "io.netty",
			"org.hibernate", "org.jboss", "jakarta.", "javax.", "com.fasterxml", "io.agroal", "io.micrometer",
			"io.prometheus", "org.eclipse", "com.h2database", "org.postgresql", "org.mariadb", "com.mysql",
			"io.snowflakeid", "org.apache", "com.google", "org.ow2", "net.bytebuddy", "org.graalvm", "org.reactivestreams",
			"org.wildfly", "org.glassfish", "org.yaml", "org.slf4j", "org.antlr", "org.checkerframework", "org.jctools",
			"com.github.ben-manes", "org.hdrhistogram", "org.latencyutils", "io.github.crac", "org.junit", "org.assertj",
			"org.opentest4j", "org.apiguardian", "org.mockito", "io.rest-assured", "org.awaitility", "org.hamcrest");

	private UnindexedPublicIds() {
	}

	/** Whether the jars of {@code groupId} are searched. */
	static boolean searched(String groupId) {
		for (String framework : FRAMEWORK_GROUPS) {
			if (groupId.startsWith(framework)) {
				return false;
			}
		}
		return true;
	}

	/** The uses of {@code annotation} in the classes of the jar at {@code jar}, described by {@code describe}. */
	static List<String> inJar(Path jar, DotName annotation, Function<AnnotationInstance, String> describe) {
		if (!Files.isRegularFile(jar) || !jar.getFileName().toString().endsWith(".jar")) {
			return List.of();
		}
		List<String> uses = new ArrayList<>();
		try (ZipFile zip = new ZipFile(jar.toFile())) {
			Enumeration<? extends ZipEntry> entries = zip.entries();
			while (entries.hasMoreElements()) {
				ZipEntry entry = entries.nextElement();
				if (entry.isDirectory() || !entry.getName().endsWith(".class")) {
					continue;
				}
				byte[] bytes;
				try (InputStream in = zip.getInputStream(entry)) {
					bytes = in.readAllBytes();
				}
				if (contains(bytes, DESCRIPTOR)) {
					Indexer indexer = new Indexer();
					indexer.index(new java.io.ByteArrayInputStream(bytes));
					Index index = indexer.complete();
					index.getAnnotations(annotation)
						.forEach((use) -> uses.add(describe.apply(use) + " (in " + jar.getFileName() + ", not indexed)"));
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Searching " + jar + " for @PublicId failed", ex);
		}
		return uses;
	}

	static boolean contains(byte[] bytes, byte[] part) {
		outer: for (int i = 0; i <= bytes.length - part.length; i++) {
			for (int j = 0; j < part.length; j++) {
				if (bytes[i + j] != part[j]) {
					continue outer;
				}
			}
			return true;
		}
		return false;
	}
}
