package io.snowflakeid.spring.publicid;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.snowflakeid.spring.publicid.scan.ProdOnlyController;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The start-up search for {@code @PublicId} in the application's packages (run with and without keys): it finds
 * every use, in classes of any profile and in nested classes, and nothing else.
 */
class PublicIdScanTests {

	private static final String PACKAGE = ProdOnlyController.class.getPackageName();

	@Test
	void findsUsesInProfileClassesAndNestedClasses() {
		List<String> usages = PublicIdWithoutKeysCheck.usages(List.of(PACKAGE), getClass().getClassLoader());
		assertThat(usages).containsExactlyInAnyOrder(ProdOnlyController.class.getName() + ".thing",
				ProdOnlyController.View.class.getName() + ".id");
	}

	@Test
	void aPackageWithoutUsesYieldsNothingAndAMissingPackageIsNotAnError() {
		assertThat(PublicIdWithoutKeysCheck.usages(List.of("io.snowflakeid.spring.publicid.fixture.none"),
				getClass().getClassLoader())).isEmpty();
		assertThat(PublicIdWithoutKeysCheck.found(List.of(PACKAGE), getClass().getClassLoader()))
			.extracting(PublicIdWithoutKeysCheck.Found::place)
			.contains(ProdOnlyController.class.getName() + ".thing parameter id");
	}

	/**
	 * A class file that cannot be read (a dangling link, a file of another user) cannot be loaded by the JVM either:
	 * Spring's component scanner, which this search replaced, skipped it, and the start went on; the search must not
	 * fail the application's start for it, and still finds the uses in the readable classes.
	 */
	@Test
	void anUnreadableClassFileInTheApplicationsPackagesIsSkipped(@TempDir Path root) throws Exception {
		Path directory = Files.createDirectories(root.resolve(PACKAGE.replace('.', '/')));
		Files.createSymbolicLink(directory.resolve("Gone.class"), root.resolve("nowhere/Gone.class"));
		try (URLClassLoader loader = new URLClassLoader(new URL[] { root.toUri().toURL() },
				getClass().getClassLoader())) {
			assertThat(PublicIdWithoutKeysCheck.usages(List.of(PACKAGE), loader))
				.contains(ProdOnlyController.class.getName() + ".thing");
		}
	}

	/**
	 * {@code @AutoConfigurationPackage(basePackages = "${...}")} is registered as written; Spring Boot's entity and
	 * repository scans resolve it, and so did the component scanner this search replaced. Looking for the literal
	 * name found nothing, and the check let {@code @PublicId} pass without a key.
	 */
	@Test
	void aPackageNamedWithAPlaceholderIsResolvedBeforeItIsSearched() {
		System.setProperty("review.publicid.package", PACKAGE);
		try {
			assertThat(PublicIdWithoutKeysCheck.usages(List.of("${review.publicid.package}"),
					getClass().getClassLoader()))
				.contains(ProdOnlyController.class.getName() + ".thing");
		}
		finally {
			System.clearProperty("review.publicid.package");
		}
	}
}
