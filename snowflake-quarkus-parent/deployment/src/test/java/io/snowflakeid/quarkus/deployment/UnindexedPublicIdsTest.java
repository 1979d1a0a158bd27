package io.snowflakeid.quarkus.deployment;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import org.jboss.jandex.DotName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code @PublicId} in a dependency that Quarkus does not index is found in its class files: a jar of DTOs without a
 * Jandex index, or a directory of classes (made here from this module's compiled test classes), is searched;
 * framework groups are not.
 */
class UnindexedPublicIdsTest {

	private static final DotName PUBLIC_ID = DotName.createSimple("io.snowflakeid.publicid.PublicId");

	@TempDir
	Path directory;

	@Test
	void everyUseInAJarWithoutAnIndexIsFound() throws IOException {
		Path jar = jar("api-model.jar", PublicIdRefusedTest.OrderView.class, PublicIdRefusedTest.Lookup.class,
				Customer.class);
		List<String> uses = UnindexedPublicIds.inJar(jar, PUBLIC_ID, SnowflakeProcessor::describe);
		assertThat(uses).isNotEmpty()
			.allSatisfy((use) -> assertThat(use).endsWith("(in api-model.jar, not indexed)"))
			.anySatisfy((use) -> assertThat(use).startsWith(PublicIdRefusedTest.OrderView.class.getName() + ".id"))
			.anySatisfy((use) -> assertThat(use).startsWith(PublicIdRefusedTest.Lookup.class.getName()
					+ ".find(parameter 0)"))
			.noneSatisfy((use) -> assertThat(use).contains("Customer"));
	}

	@Test
	void aDependencyThatIsAClassesDirectoryIsSearched() throws IOException {
		// What a Gradle project dependency resolves to (build/classes/java/main), in the production build too.
		Path classes = this.directory.resolve("api-model/build/classes/java/main");
		copy(classes, PublicIdRefusedTest.OrderView.class);
		copy(classes, Customer.class);
		List<String> uses = UnindexedPublicIds.inJar(classes, PUBLIC_ID, SnowflakeProcessor::describe);
		assertThat(uses).as("a @PublicId DTO in a classes directory is refused like one in a jar")
			.anySatisfy((use) -> assertThat(use).startsWith(PublicIdRefusedTest.OrderView.class.getName() + ".id"))
			.noneSatisfy((use) -> assertThat(use).contains("Customer"));
	}

	@Test
	void aJarWithoutTheAnnotationAndWhatIsNoJarGiveNothing() throws IOException {
		Path jar = jar("entities.jar", Customer.class, Invoice.class);
		assertThat(UnindexedPublicIds.inJar(jar, PUBLIC_ID, Object::toString)).isEmpty();
		assertThat(UnindexedPublicIds.inJar(this.directory.resolve("empty"), PUBLIC_ID, Object::toString)).isEmpty();
		assertThat(UnindexedPublicIds.inJar(this.directory.resolve("missing.jar"), PUBLIC_ID, Object::toString))
			.isEmpty();
	}

	@Test
	void withJsonbEveryGroupIsSearchedButThisLibrarys() {
		// JSON-B has no second line: a Camel Quarkus example's DTO module (org.apache.camel.quarkus.examples) is read
		assertThat(UnindexedPublicIds.searched("org.apache.camel.quarkus.examples", true)).isTrue();
		assertThat(UnindexedPublicIds.searched("io.quarkus", true)).isTrue();
		assertThat(UnindexedPublicIds.searched("com.example.shop", true)).isTrue();
		assertThat(UnindexedPublicIds.searched("io.snowflakeid", true)).isFalse();
	}

	@Test
	void aJarRebuiltInPlaceIsSearchedAgain() throws IOException {
		Path jar = jar("api-model.jar", Customer.class);
		assertThat(UnindexedPublicIds.inJar(jar, PUBLIC_ID, Object::toString)).isEmpty();
		// the same file name, now with a @PublicId class (a sibling module rebuilt, dev mode's next reload)
		Files.setLastModifiedTime(jar(jar.getFileName().toString(), Customer.class, PublicIdRefusedTest.OrderView.class),
				java.nio.file.attribute.FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 2000));
		assertThat(UnindexedPublicIds.inJar(jar, PUBLIC_ID, SnowflakeProcessor::describe))
			.anySatisfy((use) -> assertThat(use).startsWith(PublicIdRefusedTest.OrderView.class.getName() + ".id"));
	}

	@Test
	void frameworkJarsAreNotSearchedAndApplicationsAre() {
		assertThat(UnindexedPublicIds.searched("io.quarkus", false)).isFalse();
		assertThat(UnindexedPublicIds.searched("org.hibernate.orm", false)).isFalse();
		assertThat(UnindexedPublicIds.searched("io.snowflakeid", false)).isFalse();
		assertThat(UnindexedPublicIds.searched("com.example.shop", false)).isTrue();
		assertThat(UnindexedPublicIds.searched("io.quarkiverse.x", false)).as("not io.quarkus").isTrue();
		assertThat(UnindexedPublicIds.searched("io.netty.incubator", false)).isFalse();
		assertThat(UnindexedPublicIds.searched("io.nettyshop.api", false)).as("not io.netty: a dot boundary").isTrue();
		assertThat(UnindexedPublicIds.searched("jakarta.persistence", false)).isFalse();
		assertThat(UnindexedPublicIds.searched("jakartaee.shop", false)).as("not jakarta").isTrue();
		assertThat(UnindexedPublicIds.searched("org.apache.commons", false)).isFalse();
		assertThat(UnindexedPublicIds.searched("org.apache.shop", false)).as("an org.apache application").isTrue();
		assertThat(UnindexedPublicIds.searched("com.google.shop", false)).as("a com.google application").isTrue();
		assertThat(UnindexedPublicIds.searched("org.eclipse.shop", false)).as("an org.eclipse application").isTrue();
	}

	@Test
	void theSearchFindsTheNameAnywhereAndOnlyWhole() {
		byte[] name = "Lio/x;".getBytes(java.nio.charset.StandardCharsets.UTF_8);
		assertThat(UnindexedPublicIds.contains("..Lio/x;".getBytes(java.nio.charset.StandardCharsets.UTF_8), name))
			.isTrue();
		assertThat(UnindexedPublicIds.contains("Lio/x".getBytes(java.nio.charset.StandardCharsets.UTF_8), name))
			.isFalse();
		assertThat(UnindexedPublicIds.contains(new byte[0], name)).isFalse();
	}

	private static void copy(Path root, Class<?> type) throws IOException {
		String entry = type.getName().replace('.', '/') + ".class";
		Path target = root.resolve(entry);
		Files.createDirectories(target.getParent());
		try (InputStream in = type.getClassLoader().getResourceAsStream(entry)) {
			Files.copy(in, target);
		}
	}

	/** A jar of the compiled {@code classes}, with no index. */
	private Path jar(String name, Class<?>... classes) throws IOException {
		Path jar = this.directory.resolve(name);
		try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file)) {
			for (Class<?> type : classes) {
				String entry = type.getName().replace('.', '/') + ".class";
				out.putNextEntry(new JarEntry(entry));
				try (InputStream in = type.getClassLoader().getResourceAsStream(entry)) {
					in.transferTo(out);
				}
				out.closeEntry();
			}
		}
		return jar;
	}
}
