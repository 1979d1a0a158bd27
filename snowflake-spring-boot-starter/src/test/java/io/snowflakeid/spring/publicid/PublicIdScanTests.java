package io.snowflakeid.spring.publicid;

import java.util.List;

import io.snowflakeid.spring.publicid.scan.ProdOnlyController;
import org.junit.jupiter.api.Test;

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
}
