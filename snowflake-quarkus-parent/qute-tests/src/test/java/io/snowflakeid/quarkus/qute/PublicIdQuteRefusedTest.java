package io.snowflakeid.quarkus.qute;

import io.quarkus.test.QuarkusUnitTest;
import io.snowflakeid.quarkus.qute.AttackModels.AttackPlain;
import io.snowflakeid.quarkus.qute.AttackRefusedModels.AttackCreatorOnly;
import io.snowflakeid.quarkus.qute.AttackRefusedModels.AttackEvent;
import io.snowflakeid.quarkus.qute.AttackRefusedModels.AttackExtensions;
import io.snowflakeid.quarkus.qute.AttackRefusedModels.AttackGlobals;
import io.snowflakeid.quarkus.qute.AttackRefusedModels.AttackOrderEvent;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * What Qute reads past any value resolver (found by helper-54's and helper-55's reviews: each printed the raw id): a
 * {@code @PublicId} template extension method, a template global, a template record's component, a constructor
 * parameter alone, a subclass's override of a getter its superclass declares without the annotation (Qute keeps the
 * resolver it found for the superclass). The build refuses each, named.
 */
class PublicIdQuteRefusedTest {

	@RegisterExtension
	static final QuarkusUnitTest app = new QuarkusUnitTest()
		.withApplicationRoot((jar) -> jar
			.addClasses(AttackModels.class, AttackPlain.class, AttackRefusedModels.class, AttackExtensions.class,
					AttackGlobals.class, AttackPage.class, AttackCreatorOnly.class, AttackEvent.class,
					AttackOrderEvent.class)
			// a template record's template: templates/<record's simple name>
			.addAsResource(new StringAsset("{id}"), "templates/AttackPage.txt"))
		.overrideConfigKey("quarkus.datasource.db-kind", "h2")
		.overrideConfigKey("quarkus.datasource.jdbc.url", "jdbc:h2:mem:quterefused;DB_CLOSE_DELAY=-1")
		.overrideConfigKey("quarkus.devservices.enabled", "false")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.overrideConfigKey("quarkus.snowflake.worker-id", "3")
		.overrideConfigKey("quarkus.snowflake.public-id.keys.1", PublicIdQuteTest.KEY)
		.assertException((failure) -> {
			StringBuilder messages = new StringBuilder();
			for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
				messages.append(cause).append('\n');
			}
			assertThat(messages.toString()).contains("@PublicId where Qute would render the raw id")
				.contains(AttackExtensions.class.getName() + ".ref(): a static member")
				.contains(AttackGlobals.class.getName() + ".attackAdminId: a static member")
				.contains(AttackPage.class.getName() + ".id: a component of a template record")
				.contains("@PublicId on a constructor parameter only, which a Qute template does not read (it reads"
						+ " the property 'id')")
				.contains(AttackOrderEvent.class.getName() + ".getId(): " + AttackEvent.class.getName()
						+ ".getId() declares the same property without @PublicId");
		});

	@Test
	void theBuildFails() {
		fail("must not start");
	}
}
