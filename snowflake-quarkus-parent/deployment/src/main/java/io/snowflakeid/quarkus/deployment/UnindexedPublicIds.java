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
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Pattern;
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
 * classes that contain it are indexed, to be sure and to say where; those Quarkus' index already holds are left to it
 * (a jar's own Jandex index may list only some of its classes, or be stale). The search costs a read of every class
 * (about 2 s for the 300 jars of a Quarkus REST application): released jars of groups that do not hold an
 * application's DTOs (Quarkus, Hibernate, the JDBC drivers...) are skipped, but where JSON-B would write the raw id
 * (nothing else stops it there) such a jar is read when it is the application's own work ({@link #ownWork}). A jar
 * found without the name is remembered, by its path and its entries' CRCs, for the builds that follow in the same JVM
 * (dev mode's reloads, a test suite's applications).
 */
final class UnindexedPublicIds {

	/** How a class file refers to the annotation (a field, method or parameter annotated with it). */
	private static final byte[] DESCRIPTOR = "Lio/snowflakeid/publicid/PublicId;".getBytes(StandardCharsets.UTF_8);

	/**
	 * Groups whose jars are not searched: frameworks, drivers and libraries, never an application's classes. Exact
	 * projects, not whole organisations: an application of an org.apache or com.google group is searched.
	 */
	private static final List<String> FRAMEWORK_GROUPS = List.of("io.quarkus", "io.smallrye", "io.vertx", "io.netty",
			"org.hibernate", "org.jboss", "jakarta", "javax", "com.fasterxml", "io.agroal", "io.micrometer",
			"io.prometheus", "com.h2database", "org.postgresql", "org.mariadb", "com.mysql", "io.snowflakeid",
			"org.ow2", "net.bytebuddy", "org.graalvm", "org.reactivestreams", "org.wildfly", "org.glassfish", "org.yaml",
			"org.slf4j", "org.antlr", "org.checkerframework", "org.jctools", "com.github.ben-manes", "org.hdrhistogram",
			"org.latencyutils", "io.github.crac", "org.junit", "org.assertj", "org.opentest4j", "org.apiguardian",
			"org.mockito", "io.rest-assured", "org.awaitility", "org.hamcrest", "org.apache.commons",
			"org.apache.httpcomponents", "org.apache.logging", "org.apache.kafka", "org.apache.avro", "org.apache.camel",
			"org.apache.groovy", "org.apache.curator", "org.apache.zookeeper", "commons-codec", "commons-io",
			"com.google.guava", "com.google.protobuf", "com.google.code.gson", "com.google.errorprone",
			"com.google.j2objc", "com.google.code.findbugs", "org.eclipse.microprofile", "org.eclipse.parsson",
			"org.eclipse.yasson", "org.eclipse.angus", "org.eclipse.jetty", "io.lettuce", "redis.clients");

	/** This library's group: its jars name the annotation in their code, and use it on nothing. */
	private static final String OWN_GROUP = "io.snowflakeid";

	/** Jars searched before and found without the name, by their {@link #identity} then (entries' names, CRCs, sizes). */
	private static final Set<String> WITHOUT_THE_NAME = ConcurrentHashMap.newKeySet();

	private UnindexedPublicIds() {
	}

	/** A SNAPSHOT as a remote repository resolves it: 1.0-20261206.101500-3. */
	private static final Pattern TIMESTAMPED_SNAPSHOT = Pattern.compile(".*-\\d{8}\\.\\d{6}-\\d+");

	/**
	 * Whether the jars of {@code groupId} are searched: with {@code everyGroup} (JSON-B, and the application's own work)
	 * all but this library's, otherwise all but those of a framework group or one below it.
	 */
	static boolean searched(String groupId, boolean everyGroup) {
		if (everyGroup) {
			return !groupId.equals(OWN_GROUP);
		}
		for (String framework : FRAMEWORK_GROUPS) {
			if (groupId.equals(framework) || groupId.startsWith(framework + ".")) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Whether a dependency is the application's own work rather than a released artifact: a SNAPSHOT (as the build
	 * names it, or timestamped from a remote repository), or a file at none of the places a repository keeps a
	 * release (a sibling module's jar in its build directory: the production build does not flag modules of the
	 * build). {@code paths}: where it was resolved.
	 */
	static boolean ownWork(String groupId, String artifactId, String version, Iterable<Path> paths) {
		if (version.endsWith("-SNAPSHOT") || TIMESTAMPED_SNAPSHOT.matcher(version).matches()) {
			return true;
		}
		Path maven = Path.of(groupId.replace('.', '/'), artifactId, version); // .m2/repository/<group>/<a>/<v>/file
		Path gradle = Path.of("files-2.1", groupId, artifactId, version); // caches/modules-2/files-2.1/.../<hash>/file
		for (Path path : paths) {
			Path directory = path.toAbsolutePath().getParent();
			boolean released = directory != null && (directory.endsWith(maven)
					|| (directory.getParent() != null && directory.getParent().endsWith(gradle)));
			if (!released) {
				return true;
			}
		}
		return false;
	}

	/** As {@link #inJar(Path, DotName, Function, Predicate)}, with no class known to be indexed. */
	static List<String> inJar(Path path, DotName annotation, Function<AnnotationInstance, String> describe) {
		return inJar(path, annotation, describe, (name) -> false);
	}

	/**
	 * The uses of {@code annotation} in the classes of the dependency at {@code path}, described by {@code describe},
	 * but in the classes {@code indexed} (Quarkus' index holds those): a jar, or a directory of classes (what a Gradle
	 * project dependency resolves to, packaged or not, and a Maven sibling module in dev mode and tests).
	 */
	static List<String> inJar(Path path, DotName annotation, Function<AnnotationInstance, String> describe,
			Predicate<DotName> indexed) {
		if (Files.isDirectory(path)) {
			return inDirectory(path, annotation, describe, indexed);
		}
		if (!Files.isRegularFile(path) || !path.getFileName().toString().endsWith(".jar")) {
			return List.of();
		}
		Path jar = path;
		List<String> uses = new ArrayList<>();
		boolean named = false;
		try (ZipFile zip = new ZipFile(jar.toFile())) {
			String searchedBefore = identity(jar, zip);
			if (WITHOUT_THE_NAME.contains(searchedBefore)) {
				return List.of();
			}
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
					named = true;
					uses.addAll(usesNamed(bytes, annotation, describe, indexed, jar.getFileName().toString()));
				}
			}
			if (!named) {
				WITHOUT_THE_NAME.add(searchedBefore);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Searching " + jar + " for @PublicId failed", ex);
		}
		return uses;
	}

	private static List<String> inDirectory(Path directory, DotName annotation,
			Function<AnnotationInstance, String> describe, Predicate<DotName> indexed) {
		List<String> uses = new ArrayList<>();
		try (java.util.stream.Stream<Path> files = Files.walk(directory)) {
			for (Path file : (Iterable<Path>) files.filter((f) -> f.toString().endsWith(".class"))::iterator) {
				uses.addAll(uses(Files.readAllBytes(file), annotation, describe, indexed, directory.toString()));
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Searching " + directory + " for @PublicId failed", ex);
		}
		return uses;
	}

	/** The uses in one class file, where it names the annotation at all (indexed then, to be sure and say where). */
	private static List<String> uses(byte[] classFile, DotName annotation, Function<AnnotationInstance, String> describe,
			Predicate<DotName> indexed, String where) throws IOException {
		return contains(classFile, DESCRIPTOR) ? usesNamed(classFile, annotation, describe, indexed, where) : List.of();
	}

	/** The uses in a class file known to name the annotation. */
	private static List<String> usesNamed(byte[] classFile, DotName annotation,
			Function<AnnotationInstance, String> describe, Predicate<DotName> indexed, String where) throws IOException {
		Indexer indexer = new Indexer();
		indexer.index(new java.io.ByteArrayInputStream(classFile));
		Index index = indexer.complete();
		if (index.getKnownClasses().stream().anyMatch((type) -> indexed.test(type.name()))) {
			return List.of(); // in Quarkus' index: its uses are read from there
		}
		List<String> uses = new ArrayList<>();
		index.getAnnotations(annotation).forEach((use) -> uses.add(describe.apply(use) + " (in " + where + ", not indexed)"));
		return uses;
	}

	/**
	 * A jar as it is now, from its central directory (no entry is read): rebuilt in place with other contents (a
	 * sibling module, a SNAPSHOT), even with the same size and time, it is searched again.
	 */
	private static String identity(Path jar, ZipFile zip) {
		long entries = 1;
		for (Enumeration<? extends ZipEntry> each = zip.entries(); each.hasMoreElements();) {
			ZipEntry entry = each.nextElement();
			entries = 31 * (31 * (31 * entries + entry.getName().hashCode()) + entry.getCrc()) + entry.getSize();
		}
		return jar.toAbsolutePath() + "|" + zip.size() + "|" + entries;
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
