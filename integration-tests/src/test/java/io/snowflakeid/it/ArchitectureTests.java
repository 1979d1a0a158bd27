package io.snowflakeid.it;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.TreeSet;
import java.util.stream.Collectors;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The architecture, checked on the compiled main classes of every published module: the core (algorithm, leases,
 * segments, configuration) uses no framework, the Hibernate and jOOQ bindings no Spring, no package depends on a package that
 * depends back on it, and the public API is the one pinned in {@code public-api.txt}: a type that becomes public,
 * or stops being, fails this test until the list is changed on purpose.
 */
class ArchitectureTests {

	private static final String[] CORE = { "io.snowflakeid", "io.snowflakeid.config", "io.snowflakeid.internal.config",
			"io.snowflakeid.internal.keys", "io.snowflakeid.worker", "io.snowflakeid.segment", "io.snowflakeid.publicid",
			"io.snowflakeid.spi" };

	private static final JavaClasses CLASSES = new ClassFileImporter()
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		// the core's test-jar (simulation harness, ChildJvm) is on this module's test class path: not published code
		.withImportOption((location) -> !location.contains("-tests.jar"))
		.importPackages("io.snowflakeid");

	@Test
	void theCoreImportsNoFramework() {
		noClasses().that()
			.resideInAnyPackage(CORE)
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("org.hibernate..", "jakarta..", "javax.persistence..", "org.springframework..",
					"com.fasterxml..", "tools.jackson..", "io.micrometer..", "io.snowflakeid.hibernate..",
					"io.snowflakeid.spring..")
			.check(CLASSES);
	}

	@Test
	void theCoordinationModulesImportNoFrameworkButTheirClient() {
		noClasses().that()
			.resideInAnyPackage("io.snowflakeid.zookeeper..", "io.snowflakeid.redis..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("org.hibernate..", "jakarta..", "org.springframework..", "io.snowflakeid.hibernate..",
					"io.snowflakeid.spring..")
			.check(CLASSES);
	}

	/** The setting keys are named by every package's messages: their package must depend on no other of ours. */
	@Test
	void theSettingKeysDependOnNothingOfTheLibrary() {
		noClasses().that()
			.resideInAPackage("io.snowflakeid.internal.keys")
			.should()
			.dependOnClassesThat(com.tngtech.archunit.base.DescribedPredicate.describe("another package of the library",
					(JavaClass type) -> type.getPackageName().startsWith("io.snowflakeid")
							&& !type.getPackageName().equals("io.snowflakeid.internal.keys")))
			.check(CLASSES);
	}

	@Test
	void theHibernateBindingImportsNoSpring() {
		noClasses().that()
			.resideInAPackage("io.snowflakeid.hibernate..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("org.springframework..", "io.snowflakeid.spring..")
			.check(CLASSES);
	}

	@Test
	void theJooqBindingImportsNoSpringAndNoHibernate() {
		noClasses().that()
			.resideInAPackage("io.snowflakeid.jooq..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("org.springframework..", "io.snowflakeid.spring..", "org.hibernate..", "jakarta..")
			.check(CLASSES);
	}

	/**
	 * What applications call does not show the service-provider interface: the public members of the public types
	 * of the application packages that take or return an {@code io.snowflakeid.spi} type, and those types that
	 * implement one, are exactly the pinned ones: the documented way to plug in a lease store
	 * ({@code WorkerLeaseSettings.builder(LeaseStore)}), the lease the stores signal, and the stores and providers
	 * of the coordination modules. A new one fails this test until it is added here on purpose.
	 */
	@Test
	void theApplicationApiShowsTheServiceProviderInterfaceOnlyWherePinned() {
		java.util.Set<String> found = new java.util.TreeSet<>();
		for (JavaClass type : CLASSES) {
			String pkg = type.getPackageName();
			boolean applicationPackage = pkg.startsWith("io.snowflakeid") && !pkg.contains(".internal")
					&& !pkg.endsWith(".spi");
			if (!applicationPackage || !type.getModifiers().contains(JavaModifier.PUBLIC)) {
				continue;
			}
			type.getAllRawInterfaces().stream()
				.filter((implemented) -> implemented.getPackageName().equals("io.snowflakeid.spi"))
				.forEach((implemented) -> found.add(type.getName() + " implements " + implemented.getSimpleName()));
			boolean implementsSpi = type.getAllRawInterfaces().stream()
				.anyMatch((implemented) -> implemented.getPackageName().equals("io.snowflakeid.spi"));
			for (com.tngtech.archunit.core.domain.JavaCodeUnit unit : type.getCodeUnits()) {
				if (!unit.getModifiers().contains(JavaModifier.PUBLIC) || implementsSpi) {
					continue; // an implementation's own members are the interface's
				}
				boolean namesSpi = unit.getRawReturnType().getPackageName().equals("io.snowflakeid.spi")
						|| unit.getRawParameterTypes().stream()
							.anyMatch((parameter) -> parameter.getPackageName().equals("io.snowflakeid.spi"));
				if (namesSpi) {
					found.add(unit.getFullName());
				}
			}
		}
		assertThat(found).as("where the application API shows an io.snowflakeid.spi type").containsExactly(
				"io.snowflakeid.worker.WorkerLease implements LeaseSignals",
				"io.snowflakeid.worker.WorkerLeaseSettings$Builder.clock(io.snowflakeid.spi.LeaseClock)",
				"io.snowflakeid.worker.WorkerLeaseSettings.builder(io.snowflakeid.spi.LeaseStore)",
				"io.snowflakeid.worker.WorkerLeaseSettings.store()",
				"io.snowflakeid.zookeeper.ZooKeeperLeaseStore implements LeaseStore");
	}

	/**
	 * What applications call shows no internal type: the public and protected members of the public types of the
	 * application packages take, return and hold no type of an {@code .internal} package, and those types extend or
	 * implement none, except the pinned ones. An internal type there would be an API that may change in any release.
	 */
	@Test
	void theApplicationApiShowsNoInternalTypeButThePinnedOnes() {
		java.util.Set<String> found = new java.util.TreeSet<>();
		java.util.function.Predicate<JavaClass> internal = (type) -> type.getPackageName().startsWith("io.snowflakeid")
				&& type.getPackageName().contains(".internal");
		for (JavaClass type : CLASSES) {
			String pkg = type.getPackageName();
			boolean applicationPackage = pkg.startsWith("io.snowflakeid") && !pkg.contains(".internal")
					&& !pkg.endsWith(".spi");
			boolean visible = type.getModifiers().contains(JavaModifier.PUBLIC) && type.getEnclosingClass()
				.map((outer) -> outer.getModifiers().contains(JavaModifier.PUBLIC))
				.orElse(true);
			if (!applicationPackage || !visible) {
				continue;
			}
			type.getRawSuperclass().filter(internal).ifPresent((superclass) ->
					found.add(type.getName() + " extends " + superclass.getName()));
			type.getRawInterfaces().stream().filter(internal).forEach((implemented) ->
					found.add(type.getName() + " implements " + implemented.getName()));
			for (com.tngtech.archunit.core.domain.JavaMember member : type.getMembers()) {
				java.util.Set<JavaModifier> modifiers = member.getModifiers();
				if (!modifiers.contains(JavaModifier.PUBLIC) && !modifiers.contains(JavaModifier.PROTECTED)) {
					continue;
				}
				java.util.List<JavaClass> named = new java.util.ArrayList<>();
				if (member instanceof com.tngtech.archunit.core.domain.JavaCodeUnit unit) {
					named.add(unit.getRawReturnType());
					named.addAll(unit.getRawParameterTypes());
				}
				else if (member instanceof com.tngtech.archunit.core.domain.JavaField field) {
					named.add(field.getRawType());
				}
				if (named.stream().anyMatch(internal)) {
					found.add(member.getFullName());
				}
			}
		}
		assertThat(found).as("where the application API shows a type of an internal package").containsExactly(
				"io.snowflakeid.spring.boot3.PublicIdJackson2Module extends "
						+ "io.snowflakeid.hibernate.internal.PublicIdJackson2Module",
				"io.snowflakeid.spring.publicid.PublicIdJackson3Module extends "
						+ "io.snowflakeid.hibernate.internal.PublicIdJackson3Module");
	}

	@Test
	void noPackageCycles() {
		SliceAssignment byPackage = new SliceAssignment() {
			@Override
			public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
				return javaClass.getPackageName().startsWith("io.snowflakeid")
						? SliceIdentifier.of(javaClass.getPackageName()) : SliceIdentifier.ignore();
			}

			@Override
			public String getDescription() {
				return "each io.snowflakeid package";
			}
		};
		slices().assignedFrom(byPackage).should().beFreeOfCycles().check(CLASSES);
	}

	/**
	 * {@code snowflake-bom} manages exactly the published modules: every jar module of the build that is deployed
	 * (no {@code maven.deploy.skip}), those of its aggregators (snowflake-quarkus-parent) included, and nothing else.
	 * A new module cannot be forgotten there.
	 */
	@Test
	void theBomManagesEveryPublishedModuleAndNothingElse() throws IOException {
		java.nio.file.Path root = java.nio.file.Path.of("..").toAbsolutePath().normalize();
		java.util.Set<String> published = new java.util.TreeSet<>();
		collectPublished(root, published);
		String bom = java.nio.file.Files.readString(root.resolve("snowflake-bom/pom.xml"))
			.replaceAll("(?s)<!--.*?-->", ""); // its comment shows how to import it
		java.util.Set<String> managed = new java.util.TreeSet<>();
		java.util.regex.Matcher managedId = java.util.regex.Pattern
			.compile("<dependency>\\s*<groupId>io\\.snowflakeid</groupId>\\s*<artifactId>([^<]+)</artifactId>")
			.matcher(bom);
		while (managedId.find()) {
			managed.add(managedId.group(1));
		}
		assertThat(published).as("the build's published modules").contains("snowflake-core",
				"snowflake-spring-boot-starter", "snowflake-quarkus", "snowflake-quarkus-deployment");
		assertThat(managed).as("what snowflake-bom manages").isEqualTo(published);
	}

	/** The deployed jar modules of the aggregator in {@code directory}, and of the aggregators among its modules. */
	private static void collectPublished(java.nio.file.Path directory, java.util.Set<String> published)
			throws IOException {
		String aggregator = java.nio.file.Files.readString(directory.resolve("pom.xml"));
		java.util.regex.Matcher module = java.util.regex.Pattern.compile("<module>([^<]+)</module>")
			.matcher(aggregator);
		while (module.find()) {
			java.nio.file.Path moduleDirectory = directory.resolve(module.group(1));
			String text = java.nio.file.Files.readString(moduleDirectory.resolve("pom.xml"));
			if (text.contains("<packaging>pom</packaging>")) {
				if (text.contains("<module>")) {
					collectPublished(moduleDirectory, published);
				}
			}
			else if (!text.contains("<maven.deploy.skip>true</maven.deploy.skip>")) {
				published.add(artifactId(text));
			}
		}
	}

	/** The project's own artifactId: the first one after its parent section. */
	private static String artifactId(String pom) {
		int parentEnd = pom.indexOf("</parent>");
		java.util.regex.Matcher id = java.util.regex.Pattern.compile("<artifactId>([^<]+)</artifactId>")
			.matcher(pom.substring(Math.max(0, parentEnd)));
		return id.find() ? id.group(1) : "?";
	}

	@Test
	void thePublicApiIsThePinnedOne() throws IOException {
		TreeSet<String> publicTypes = CLASSES.stream()
			.filter((type) -> type.getModifiers().contains(JavaModifier.PUBLIC))
			.filter((type) -> type.getEnclosingClass().map((outer) -> outer.getModifiers().contains(JavaModifier.PUBLIC))
				.orElse(true))
			.filter((type) -> !type.isAnonymousClass() && !type.isLocalClass())
			.map(JavaClass::getName)
			.collect(Collectors.toCollection(TreeSet::new));
		TreeSet<String> pinned;
		try (InputStream in = ArchitectureTests.class.getResourceAsStream("/public-api.txt")) {
			pinned = Arrays.stream(new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n"))
				.map(String::trim)
				.filter((line) -> !line.isEmpty() && !line.startsWith("#"))
				.collect(Collectors.toCollection(TreeSet::new));
		}
		assertThat(publicTypes).as("public types of the published modules (update public-api.txt on purpose)")
			.containsExactlyElementsOf(pinned);
		// issue 23: what applications see stays small; internal packages and the service-provider interface aside
		assertThat(pinned.stream().filter((type) -> !type.contains(".internal") && !type.contains(".spi.")))
			.as("public types outside internal and spi packages").hasSizeLessThanOrEqualTo(60);
	}
}
