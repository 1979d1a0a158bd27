package io.snowflakeid.quarkus.deployment;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import io.quarkus.bootstrap.model.ApplicationModel;
import io.quarkus.deployment.Capabilities;
import io.quarkus.deployment.Capability;
import io.quarkus.deployment.builditem.CombinedIndexBuildItem;
import io.quarkus.deployment.pkg.builditem.CurateOutcomeBuildItem;
import io.quarkus.maven.dependency.ResolvedDependency;
import io.quarkus.maven.dependency.ResolvedDependencyBuilder;
import io.snowflakeid.publicid.PublicId;
import org.jboss.jandex.DotName;
import org.jboss.jandex.Index;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code @PublicId} in the application's dependencies: the cache of jars found without it, and the build step
 * {@link SnowflakeProcessor#publicIdUses} driven with hand-made build items (a dependency of the application model,
 * Quarkus' index, JSON-B present) where a framework project's group hosts the application's DTOs.
 */
class PublicIdUsesInDependenciesTest {

	private static final DotName PUBLIC_ID = DotName.createSimple("io.snowflakeid.publicid.PublicId");

	@TempDir
	Path directory;

	/**
	 * A jar rewritten in place with the same size and the same modification time (a second-granular file system, a
	 * copy that keeps times, two writes in one millisecond): the cached "no @PublicId here" is returned.
	 */
	@Test
	void aJarRewrittenWithTheSameSizeAndTimeIsStale() throws IOException {
		byte[] without = jarBytes("", Customer.class);
		byte[] with = jarBytes("", PublicIdRefusedTest.OrderView.class);
		// pad the smaller one with a zip comment so both are exactly as long
		if (without.length < with.length) {
			without = jarBytes("x".repeat(with.length - without.length), Customer.class);
		}
		else {
			with = jarBytes("x".repeat(without.length - with.length), PublicIdRefusedTest.OrderView.class);
		}
		assertThat(with).hasSameSizeAs(without);
		Path jar = this.directory.resolve("orders-api.jar");
		Files.write(jar, without);
		FileTime time = Files.getLastModifiedTime(jar);
		assertThat(UnindexedPublicIds.inJar(jar, PUBLIC_ID, SnowflakeProcessor::describe)).isEmpty();
		Files.write(jar, with);
		Files.setLastModifiedTime(jar, time);
		assertThat(UnindexedPublicIds.inJar(jar, PUBLIC_ID, SnowflakeProcessor::describe))
			.as("the jar now holds OrderView.id with @PublicId")
			.anySatisfy((use) -> assertThat(use).startsWith(PublicIdRefusedTest.OrderView.class.getName() + ".id"));
	}

	/** A different jar at the same path (another size) is searched again, whatever its time. */
	@Test
	void anotherJarAtTheSamePathWithAnOlderTimeIsSearchedAgain() throws IOException {
		Path jar = this.directory.resolve("dto.jar");
		Files.write(jar, jarBytes("", Customer.class));
		FileTime time = Files.getLastModifiedTime(jar);
		assertThat(UnindexedPublicIds.inJar(jar, PUBLIC_ID, Object::toString)).isEmpty();
		Files.write(jar, jarBytes("", Customer.class, PublicIdRefusedTest.OrderView.class));
		Files.setLastModifiedTime(jar, FileTime.fromMillis(time.toMillis() - 60_000));
		assertThat(UnindexedPublicIds.inJar(jar, PUBLIC_ID, SnowflakeProcessor::describe)).isNotEmpty();
	}

	/** A directory dependency is never cached; a class added between two builds is found. */
	@Test
	void aDirectoryIsSearchedEveryTime() throws IOException {
		Path classes = this.directory.resolve("classes");
		copy(classes, Customer.class);
		assertThat(UnindexedPublicIds.inJar(classes, PUBLIC_ID, Object::toString)).isEmpty();
		copy(classes, PublicIdRefusedTest.OrderView.class);
		assertThat(UnindexedPublicIds.inJar(classes, PUBLIC_ID, SnowflakeProcessor::describe)).isNotEmpty();
	}

	/** A SNAPSHOT DTO jar of a framework group, with JSON-B, is refused (FrameworkGroupDtoRefusedTest builds one). */
	@Test
	void aSnapshotOfAFrameworkGroupIsRefused() throws IOException {
		Path jar = this.directory.resolve("orders-dtos-1.0-SNAPSHOT.jar");
		Files.write(jar, jarBytes("", PublicIdRefusedTest.OrderView.class));
		PublicIdUses uses = publicIdUses(dependency("1.0-SNAPSHOT", jar), Index.of(new Class<?>[0]));
		assertThat(uses.refused).anySatisfy((refusal) -> assertThat(refusal).contains("JSON-B would write its raw id"));
	}

	/**
	 * A SNAPSHOT resolved from a remote snapshot repository: Maven Resolver (and Quarkus' ResolvedDependency, built
	 * from Artifact.getVersion()) gives its timestamped version, 1.0-20261206.101500-3, which does not end with
	 * -SNAPSHOT: the application's own work all the same (it was skipped, and JSON-B wrote the raw id).
	 */
	@Test
	void aTimestampedSnapshotOfAFrameworkGroupIsRefusedToo() throws IOException {
		Path jar = this.directory.resolve("orders-dtos-1.0-20261206.101500-3.jar");
		Files.write(jar, jarBytes("", PublicIdRefusedTest.OrderView.class));
		PublicIdUses uses = publicIdUses(dependency("1.0-20261206.101500-3", jar), Index.of(new Class<?>[0]));
		assertThat(uses.refused).as("a remote SNAPSHOT is the application's own work too")
			.anySatisfy((refusal) -> assertThat(refusal).contains("JSON-B would write its raw id"));
	}

	/**
	 * The production build: quarkus-maven-plugin 3.33 resolves with workspace discovery off in NORMAL mode (unless
	 * quarkus.bootstrap.workspace-discovery=true; QuarkusBootstrapProvider.artifactResolver), so a sibling module of
	 * the reactor is not flagged WORKSPACE_MODULE there. A Camel Quarkus example at a release version
	 * (org.apache.camel.quarkus.examples, 3.20.0), its jar in the module's build directory, not a repository: refused
	 * as by mvn test and quarkus:dev (mvn package -DskipTests passed it, and the shipped jar's JSON-B wrote the raw id).
	 */
	@Test
	void aReleasedSiblingModuleOfAFrameworkGroupInAProductionBuildIsRefused() throws IOException {
		Path jar = this.directory.resolve("orders-dtos-3.20.0.jar");
		Files.write(jar, jarBytes("", PublicIdRefusedTest.OrderView.class));
		PublicIdUses uses = publicIdUses(dependency("3.20.0", jar), Index.of(new Class<?>[0]));
		assertThat(uses.refused).as("the same module the test-mode build refuses")
			.anySatisfy((refusal) -> assertThat(refusal).contains("JSON-B would write its raw id"));
	}

	/**
	 * A jar Quarkus indexes from its own META-INF/jandex.idx (IndexingUtil reads it as it is): an index made for some
	 * packages only (jandex-maven-plugin fileSets), or stale (an IDE compiled the class after the last Maven build),
	 * lacks the @PublicId DTO. Before 3de5a4a the jar was searched all the same; now it is skipped as "already
	 * indexed", and with JSON-B the raw id goes out. (Application group, released version: nothing else applies.)
	 */
	@Test
	void aDtoMissingFromTheJarsOwnIndexIsRefused() throws IOException {
		Path jar = this.directory.resolve("shop-api-2.1.jar");
		Files.write(jar, jarBytes("", Customer.class, PublicIdRefusedTest.OrderView.class));
		ResolvedDependency dependency = dependency("com.example.shop", "shop-api", "2.1", jar);
		// the combined index has what the jar's own jandex.idx listed: Customer only
		PublicIdUses uses = publicIdUses(dependency, Index.of(Customer.class));
		assertThat(uses.refused).as("OrderView.id is in the jar, in no index: JSON-B would write it raw")
			.anySatisfy((refusal) -> assertThat(refusal).contains(PublicIdRefusedTest.OrderView.class.getName()));
	}

	/** A DTO module of a framework project's group (as Camel Quarkus' examples are), at {@code version}. */
	private static ResolvedDependency dependency(String version, Path jar) {
		return dependency("org.apache.camel.quarkus.examples", "orders-dtos", version, jar);
	}

	private static ResolvedDependency dependency(String group, String artifact, String version, Path jar) {
		return ResolvedDependencyBuilder.newInstance()
			.setGroupId(group)
			.setArtifactId(artifact)
			.setVersion(version)
			.setResolvedPath(jar)
			.setRuntimeCp()
			.build();
	}

	/** The build step, with JSON-B and Quarkus REST, the application model holding {@code dependency}. */
	private static PublicIdUses publicIdUses(ResolvedDependency dependency, Index combined) {
		ApplicationModel model = (ApplicationModel) Proxy.newProxyInstance(
				PublicIdUsesInDependenciesTest.class.getClassLoader(), new Class<?>[] { ApplicationModel.class },
				(proxy, method, arguments) -> switch (method.getName()) {
					case "getRuntimeDependencies", "getDependencies" -> (Collection<ResolvedDependency>) List.of(dependency);
					case "toString" -> "model";
					case "hashCode" -> 1;
					case "equals" -> proxy == arguments[0];
					default -> throw new UnsupportedOperationException(method.getName());
				});
		Capabilities capabilities = new Capabilities(Set.of(Capability.JSONB, Capability.REST));
		return new SnowflakeProcessor()
			.publicIdUses(new CombinedIndexBuildItem(combined, combined), new CurateOutcomeBuildItem(model), capabilities)
			.uses();
	}

	/** A DTO jar Quarkus indexes: its uses come from the index (converted by JSON-B), not refused as unindexed. */
	@Test
	void aDtoInQuarkusIndexIsLeftToTheIndex() throws IOException {
		Path jar = this.directory.resolve("shop-api-2.1.jar");
		Files.write(jar, jarBytes("", OrderSummary.class));
		ResolvedDependency dependency = dependency("com.example.shop", "shop-api", "2.1", jar);
		PublicIdUses uses = publicIdUses(dependency, Index.of(OrderSummary.class));
		assertThat(uses.uses).singleElement().asString().doesNotContain("not indexed");
		assertThat(uses.refused).isEmpty();
	}

	/** A released jar of a framework group, from the local Maven repository: not read (the cost of every build). */
	@Test
	void aReleasedFrameworkJarFromTheRepositoryIsNotRead() throws IOException {
		Path version = this.directory.resolve("repository/org/hibernate/orm/hibernate-core/7.2.14.Final");
		Files.createDirectories(version);
		Path jar = version.resolve("hibernate-core-7.2.14.Final.jar");
		Files.write(jar, jarBytes("", OrderSummary.class));
		ResolvedDependency dependency = dependency("org.hibernate.orm", "hibernate-core", "7.2.14.Final", jar);
		assertThat(publicIdUses(dependency, Index.of(new Class<?>[0])).uses).isEmpty();
		assertThat(UnindexedPublicIds.ownWork("org.hibernate.orm", "hibernate-core", "7.2.14.Final", List.of(jar)))
			.isFalse();
		Path gradle = this.directory.resolve(
				"caches/modules-2/files-2.1/org.hibernate.orm/hibernate-core/7.2.14.Final/0a1b2c/hibernate-core.jar");
		assertThat(UnindexedPublicIds.ownWork("org.hibernate.orm", "hibernate-core", "7.2.14.Final", List.of(gradle)))
			.isFalse();
	}

	/** A DTO with a @PublicId field (JSON-B converts it where Quarkus indexes it). */
	public static class OrderSummary {

		@PublicId
		public Long id;
	}

	private static byte[] jarBytes(String comment, Class<?>... classes) throws IOException {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		try (JarOutputStream out = new JarOutputStream(bytes)) {
			for (Class<?> type : classes) {
				String entry = type.getName().replace('.', '/') + ".class";
				JarEntry jarEntry = new JarEntry(entry);
				jarEntry.setTime(0);
				out.putNextEntry(jarEntry);
				try (InputStream in = type.getClassLoader().getResourceAsStream(entry)) {
					in.transferTo(out);
				}
				out.closeEntry();
			}
			if (!comment.isEmpty()) {
				out.setComment(comment);
			}
		}
		return bytes.toByteArray();
	}

	private static void copy(Path root, Class<?> type) throws IOException {
		String entry = type.getName().replace('.', '/') + ".class";
		Path target = root.resolve(entry);
		Files.createDirectories(target.getParent());
		try (InputStream in = type.getClassLoader().getResourceAsStream(entry)) {
			Files.copy(in, target);
		}
	}
}
