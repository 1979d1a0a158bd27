package io.snowflakeid.quarkus.deployment.startup;

import io.quarkus.hibernate.orm.PersistenceUnit;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.QuarkusUnitTest;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.quarkus.deployment.startup.pua.AlphaItem;
import io.snowflakeid.quarkus.deployment.startup.pub.BetaItem;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two persistence units on two datasources, the named unit's keys written as the subclass says. Both units take their
 * ids from the one generator (no second node); the named unit keeps its own statement-batch-size, the default unit
 * gets 50.
 */
abstract class TwoPersistenceUnitsTests {

	/** The application, with {@code unit} the named unit's key segment as written ({@code "other"} or {@code other}). */
	static QuarkusUnitTest app(String unit, String databases) {
		return new QuarkusUnitTest()
			.withApplicationRoot((jar) -> jar.addClasses(AlphaItem.class, BetaItem.class, TwoPersistenceUnitsTests.class))
			.overrideConfigKey("quarkus.datasource.db-kind", "h2")
			.overrideConfigKey("quarkus.datasource.jdbc.url", "jdbc:h2:mem:" + databases + "-default;DB_CLOSE_DELAY=-1")
			.overrideConfigKey("quarkus.datasource." + unit + ".db-kind", "h2")
			.overrideConfigKey("quarkus.datasource." + unit + ".jdbc.url",
					"jdbc:h2:mem:" + databases + "-other;DB_CLOSE_DELAY=-1")
			.overrideConfigKey("quarkus.hibernate-orm.packages", AlphaItem.class.getPackageName())
			.overrideConfigKey("quarkus.hibernate-orm.schema-management.strategy", "drop-and-create")
			.overrideConfigKey("quarkus.hibernate-orm." + unit + ".datasource", "other")
			.overrideConfigKey("quarkus.hibernate-orm." + unit + ".packages", BetaItem.class.getPackageName())
			.overrideConfigKey("quarkus.hibernate-orm." + unit + ".schema-management.strategy", "drop-and-create")
			.overrideConfigKey("quarkus.hibernate-orm." + unit + ".jdbc.statement-batch-size", "7")
			.overrideConfigKey("quarkus.snowflake.datacenter-id", "2")
			.overrideConfigKey("quarkus.snowflake.worker-id", "3");
	}

	@Inject
	EntityManager defaultUnit;

	@Inject
	@PersistenceUnit("other")
	EntityManager otherUnit;

	@Inject
	EntityManagerFactory defaultFactory;

	@Inject
	@PersistenceUnit("other")
	EntityManagerFactory otherFactory;

	@Inject
	SnowflakeIdGenerator generator;

	@Test
	void bothUnitsDrawFromTheOneGenerator() {
		long before = this.generator.statistics().idsIssued();
		AlphaItem alpha = new AlphaItem();
		BetaItem beta = new BetaItem();
		QuarkusTransaction.requiringNew().run(() -> this.defaultUnit.persist(alpha));
		QuarkusTransaction.requiringNew().run(() -> this.otherUnit.persist(beta));
		assertThat(this.generator.statistics().idsIssued()).isEqualTo(before + 2);
		assertThat(beta.id).isGreaterThan(alpha.id);
		assertThat(this.generator.decode(beta.id).workerId()).isEqualTo(3);
	}

	@Test
	void eachUnitKeepsItsOwnBatchSize() {
		assertThat(this.defaultFactory.getProperties()).containsEntry("hibernate.jdbc.batch_size", "50")
			.containsEntry("hibernate.order_inserts", "true");
		assertThat(this.otherFactory.getProperties()).containsEntry("hibernate.jdbc.batch_size", "7")
			.containsEntry("hibernate.order_inserts", "true");
	}
}
