package io.snowflakeid.compat.hibernate.data;

import java.util.List;

import io.snowflakeid.compat.hibernate.Purchase;
import io.snowflakeid.compat.hibernate.Ticket;
import jakarta.data.repository.Find;
import jakarta.data.repository.Insert;
import jakarta.data.repository.Repository;
import org.hibernate.StatelessSession;

/**
 * A Jakarta Data repository as Hibernate implements it: the Hibernate Processor generates the class (Shop_ up to
 * 7.x, _Shop from 8.0) over a {@link StatelessSession}; {@code @Insert} of a list becomes
 * {@code StatelessSession.insertMultiple}, one JDBC batch.
 */
@Repository
public interface Shop {

	StatelessSession session();

	@Insert
	void add(Purchase purchase);

	@Insert
	void addAll(List<Purchase> purchases);

	@Insert
	void open(Ticket ticket);

	@Find
	Purchase purchase(Long id);
}
